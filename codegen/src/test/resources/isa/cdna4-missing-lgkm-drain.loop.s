; the same loop with the lgkmcnt(0) drain before the first s_barrier removed (the documented racy cdna4-interleave)
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	; sched_barrier mask(0x00000000)
	v_add_u32_e32 v147, v134, v138
	s_mov_b32 m0, s30
	v_add_u32_e32 v148, 0x80, v147
	v_add_u32_e32 v149, v134, v137
	buffer_load_dwordx4 v148, s[12:15], 0 offen lds
	v_add_u32_e32 v150, 0x80, v149
	s_mov_b32 m0, s31
	ds_read_b128 v[158:161], v139
	ds_read_b128 v[162:165], v139 offset:2048
	ds_read_b128 v[166:169], v139 offset:4096
	ds_read_b128 v[170:173], v139 offset:6144
	ds_read_b128 v[152:155], v140
	ds_read_b128 v[174:177], v140 offset:2048
	ds_read_b128 v[178:181], v140 offset:4096
	ds_read_b128 v[182:185], v140 offset:6144
	buffer_load_dwordx4 v150, s[12:15], 0 offen lds
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[8:11], v[158:161], v[178:181], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[158:161], v[182:185], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[162:165], v[152:155], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[162:165], v[174:177], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[42:45], v[162:165], v[178:181], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[162:165], v[182:185], v[46:49]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[166:169], v[152:155], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[166:169], v[174:177], v[70:73]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[166:169], v[178:181], v[74:77]
	v_mfma_f32_16x16x32_bf16 v[78:81], v[166:169], v[182:185], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[170:173], v[152:155], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[170:173], v[174:177], v[102:105]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[170:173], v[178:181], v[106:109]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[170:173], v[182:185], v[110:113]
	v_mfma_f32_16x16x32_bf16 v[0:3], v[158:161], v[152:155], v[208:211]
	v_mfma_f32_16x16x32_bf16 v[4:7], v[158:161], v[174:177], v[226:229]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	v_add_u32_e32 v156, v134, v136
	s_mov_b32 m0, s33
	v_add_u32_e32 v151, 0x80, v156
	v_add_u32_e32 v157, v134, v135
	buffer_load_dwordx4 v151, s[12:15], 0 offen lds
	v_add_u32_e32 v152, 0x80, v157
	s_mov_b32 m0, s34
	ds_read_b128 v[174:177], v140 offset:8192
	ds_read_b128 v[178:181], v140 offset:10240
	ds_read_b128 v[182:185], v140 offset:12288
	ds_read_b128 v[186:189], v140 offset:14336
	buffer_load_dwordx4 v152, s[12:15], 0 offen lds
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x32_bf16 v[12:15], v[158:161], v[174:177], v[14:17]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x32_bf16 v[22:25], v[158:161], v[178:181], v[22:25]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[26:29], v[158:161], v[182:185], v[26:29]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[30:33], v[158:161], v[186:189], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[162:165], v[174:177], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[162:165], v[178:181], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[58:61], v[162:165], v[182:185], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[162:165], v[186:189], v[62:65]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[166:169], v[174:177], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[166:169], v[178:181], v[86:89]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[166:169], v[182:185], v[90:93]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[166:169], v[186:189], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[170:173], v[174:177], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[170:173], v[178:181], v[122:125]
	v_mfma_f32_16x16x32_bf16 v[126:129], v[170:173], v[182:185], v[126:129]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[170:173], v[186:189], v[114:117]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s35
	ds_read_b128 v[158:161], v141
	ds_read_b128 v[162:165], v141 offset:2048
	ds_read_b128 v[166:169], v141 offset:4096
	ds_read_b128 v[170:173], v141 offset:6144
	ds_read_b128 v[174:177], v142
	ds_read_b128 v[178:181], v142 offset:2048
	ds_read_b128 v[182:185], v142 offset:4096
	ds_read_b128 v[186:189], v142 offset:6144
	buffer_load_dwordx4 v148, s[8:11], 0 offen lds
	s_mov_b32 m0, s36
	s_nop 0
	buffer_load_dwordx4 v150, s[8:11], 0 offen lds
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[8:11], v[158:161], v[182:185], v[8:11]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[16:19], v[158:161], v[186:189], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[162:165], v[174:177], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[162:165], v[178:181], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[42:45], v[162:165], v[182:185], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[162:165], v[186:189], v[46:49]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[166:169], v[174:177], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[166:169], v[178:181], v[70:73]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[166:169], v[182:185], v[74:77]
	v_mfma_f32_16x16x32_bf16 v[78:81], v[166:169], v[186:189], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[170:173], v[174:177], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[170:173], v[178:181], v[102:105]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[170:173], v[182:185], v[106:109]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[170:173], v[186:189], v[110:113]
	v_mfma_f32_16x16x32_bf16 v[0:3], v[158:161], v[174:177], v[0:3]
	v_mfma_f32_16x16x32_bf16 v[4:7], v[158:161], v[178:181], v[4:7]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s37
	s_nop 0
	buffer_load_dwordx4 v151, s[8:11], 0 offen lds
	s_mov_b32 m0, s38
	s_nop 0
	buffer_load_dwordx4 v152, s[8:11], 0 offen lds
	ds_read_b128 v[150:153], v142 offset:8192
	ds_read_b128 v[174:177], v142 offset:10240
	ds_read_b128 v[178:181], v142 offset:12288
	ds_read_b128 v[182:185], v142 offset:14336
	; sched_barrier mask(0x00000000)
	s_waitcnt vmcnt(0)
	s_barrier
	s_setprio 1
	v_mfma_f32_16x16x32_bf16 v[12:15], v[158:161], v[150:153], v[12:15]
	v_mfma_f32_16x16x32_bf16 v[20:23], v[158:161], v[174:177], v[22:25]
	v_mfma_f32_16x16x32_bf16 v[24:27], v[158:161], v[178:181], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[28:31], v[158:161], v[182:185], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[162:165], v[150:153], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[162:165], v[174:177], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[58:61], v[162:165], v[178:181], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[162:165], v[182:185], v[62:65]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[166:169], v[150:153], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[166:169], v[174:177], v[86:89]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[166:169], v[178:181], v[90:93]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[166:169], v[182:185], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[170:173], v[150:153], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[170:173], v[174:177], v[122:125]
	v_mfma_f32_16x16x32_bf16 v[126:129], v[170:173], v[178:181], v[126:129]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[170:173], v[182:185], v[114:117]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s21
	v_add_u32_e32 v147, 0x100, v147
	buffer_load_dwordx4 v147, s[12:15], 0 offen lds
	v_add_u32_e32 v172, 0x100, v149
	s_mov_b32 m0, s0
	ds_read_b128 v[168:171], v143
	ds_read_b128 v[176:179], v143 offset:2048
	ds_read_b128 v[180:183], v143 offset:4096
	ds_read_b128 v[184:187], v143 offset:6144
	ds_read_b128 v[158:161], v144
	ds_read_b128 v[162:165], v144 offset:2048
	ds_read_b128 v[188:191], v144 offset:4096
	ds_read_b128 v[192:195], v144 offset:6144
	buffer_load_dwordx4 v172, s[12:15], 0 offen lds
	s_add_i32 s28, s28, 2
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[16:19], v[168:171], v[192:195], v[16:19]
	v_mfma_f32_16x16x32_bf16 v[32:35], v[176:179], v[158:161], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[176:179], v[162:165], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[42:45], v[176:179], v[188:191], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[176:179], v[192:195], v[46:49]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[180:183], v[158:161], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[180:183], v[162:165], v[70:73]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[180:183], v[188:191], v[74:77]
	v_mfma_f32_16x16x32_bf16 v[78:81], v[180:183], v[192:195], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[184:187], v[158:161], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[184:187], v[162:165], v[102:105]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[184:187], v[188:191], v[106:109]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[184:187], v[192:195], v[110:113]
	v_mfma_f32_16x16x32_bf16 v[0:3], v[168:171], v[158:161], v[0:3]
	v_mfma_f32_16x16x32_bf16 v[148:151], v[168:171], v[162:165], v[4:7]
	v_mfma_f32_16x16x32_bf16 v[152:155], v[168:171], v[188:191], v[8:11]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s1
	v_add_u32_e32 v173, 0x100, v156
	buffer_load_dwordx4 v173, s[12:15], 0 offen lds
	v_add_u32_e32 v174, 0x100, v157
	s_mov_b32 m0, s23
	ds_read_b128 v[4:7], v144 offset:8192
	ds_read_b128 v[8:11], v144 offset:10240
	ds_read_b128 v[188:191], v144 offset:12288
	ds_read_b128 v[192:195], v144 offset:14336
	buffer_load_dwordx4 v174, s[12:15], 0 offen lds
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x32_bf16 v[50:53], v[176:179], v[4:7], v[50:53]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x32_bf16 v[54:57], v[176:179], v[8:11], v[54:57]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[176:179], v[188:191], v[58:61]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[62:65], v[176:179], v[192:195], v[62:65]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[180:183], v[4:7], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[180:183], v[8:11], v[86:89]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[180:183], v[188:191], v[90:93]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[180:183], v[192:195], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[184:187], v[4:7], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[184:187], v[8:11], v[122:125]
	v_mfma_f32_16x16x32_bf16 v[126:129], v[184:187], v[188:191], v[126:129]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[184:187], v[192:195], v[114:117]
	v_mfma_f32_16x16x32_bf16 v[156:159], v[168:171], v[4:7], v[12:15]
	v_mfma_f32_16x16x32_bf16 v[160:163], v[168:171], v[8:11], v[20:23]
	v_mfma_f32_16x16x32_bf16 v[164:167], v[168:171], v[188:191], v[24:27]
	v_mfma_f32_16x16x32_bf16 v[168:171], v[168:171], v[192:195], v[28:31]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s24
	ds_read_b128 v[176:179], v145
	ds_read_b128 v[180:183], v145 offset:2048
	ds_read_b128 v[184:187], v145 offset:4096
	ds_read_b128 v[188:191], v145 offset:6144
	ds_read_b128 v[22:25], v146
	ds_read_b128 v[26:29], v146 offset:2048
	ds_read_b128 v[192:195], v146 offset:4096
	ds_read_b128 v[196:199], v146 offset:6144
	buffer_load_dwordx4 v147, s[8:11], 0 offen lds
	s_mov_b32 m0, s25
	s_nop 0
	buffer_load_dwordx4 v172, s[8:11], 0 offen lds
	; sched_barrier mask(0x00000000)
	s_setprio 1
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x32_bf16 v[208:211], v[176:179], v[22:25], v[0:3]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x32_bf16 v[226:229], v[176:179], v[26:29], v[148:151]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[10:13], v[176:179], v[192:195], v[152:155]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[176:179], v[196:199], v[16:19]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[180:183], v[22:25], v[32:35]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[180:183], v[26:29], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[42:45], v[180:183], v[192:195], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[180:183], v[196:199], v[46:49]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[184:187], v[22:25], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[184:187], v[26:29], v[70:73]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[184:187], v[192:195], v[74:77]
	v_mfma_f32_16x16x32_bf16 v[78:81], v[184:187], v[196:199], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[188:191], v[22:25], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[188:191], v[26:29], v[102:105]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[188:191], v[192:195], v[106:109]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[188:191], v[196:199], v[110:113]
	s_setprio 0
	; sched_barrier mask(0x00000000)
	s_mov_b32 m0, s26
	s_nop 0
	buffer_load_dwordx4 v173, s[8:11], 0 offen lds
	s_mov_b32 m0, s27
	s_nop 0
	buffer_load_dwordx4 v174, s[8:11], 0 offen lds
	ds_read_b128 v[148:151], v146 offset:8192
	ds_read_b128 v[152:155], v146 offset:10240
	ds_read_b128 v[172:175], v146 offset:12288
	ds_read_b128 v[192:195], v146 offset:14336
	; sched_barrier mask(0x00000000)
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_barrier
	s_setprio 1
	v_mfma_f32_16x16x32_bf16 v[14:17], v[176:179], v[148:151], v[156:159]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[176:179], v[152:155], v[160:163]
	v_mfma_f32_16x16x32_bf16 v[26:29], v[176:179], v[172:175], v[164:167]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[176:179], v[192:195], v[168:171]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[180:183], v[148:151], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[180:183], v[152:155], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[58:61], v[180:183], v[172:175], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[180:183], v[192:195], v[62:65]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[184:187], v[148:151], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[184:187], v[152:155], v[86:89]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[184:187], v[172:175], v[90:93]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[184:187], v[192:195], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[188:191], v[148:151], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[188:191], v[152:155], v[122:125]
	v_mfma_f32_16x16x32_bf16 v[126:129], v[188:191], v[172:175], v[126:129]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[188:191], v[192:195], v[114:117]
	s_setprio 0
	v_add_u32_e32 v135, 0x100, v135
	v_add_u32_e32 v136, 0x100, v136
	v_add_u32_e32 v137, 0x100, v137
	s_cmp_ge_i32 s28, s29
	v_add_u32_e32 v138, 0x100, v138
	s_cbranch_scc0 .LBB0_2
