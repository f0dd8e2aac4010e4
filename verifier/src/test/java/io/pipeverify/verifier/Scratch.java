package io.pipeverify.verifier;

import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.util.Map;

public class Scratch {
  public static void main(String[] args) throws Exception {
    String name = args[0];
    Map<String, String> opts = new java.util.LinkedHashMap<>();
    for (int i = 1; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      opts.put(kv[0], kv[1]);
    }
    var s = Transforms.byName(name).orElseThrow().generate(opts);
    for (int rep = 0; rep < Integer.getInteger("reps", 1); rep++) {
      long t0 = System.nanoTime();
      VerificationReport r = Verifier.verify(s, VerifyOptions.defaults());
      long ms = (System.nanoTime() - t0) / 1_000_000;
      if (rep == Integer.getInteger("reps", 1) - 1) {
        System.out.println(new TextReportRenderer(true).render(r));
      }
      System.err.println("time " + ms + " ms");
    }
  }
}
