// Optimizes the release module once more, for firmware/build.ts, with binaryen's own -Oz
// pipeline run to convergence. asc's optimizer inlines only functions of at most 2 bytes at
// shrink level 2 and has no option for it (a function called once is inlined whatever its size); at 3 bytes, the one-instruction wrappers (a load, a
// global read with its `end`) become their instruction at each call, where a call is 2 bytes.

/** Functions of at most this many bytes are inlined everywhere. */
const ALWAYS_INLINE_MAX_SIZE = 3;
/** Functions of at most this many bytes with no loop and no call are inlined (binaryen's default). */
const FLEXIBLE_INLINE_MAX_SIZE = 20;

/**
 * `module` optimized for size (-Oz) until a round saves nothing; the same behaviour. binaryen is
 * loaded only here, as asc is, so that checking the data files needs neither.
 */
export async function reoptimize(module: Uint8Array): Promise<Uint8Array> {
  const { default: binaryen } = await import('assemblyscript/binaryen');
  // The features asc compiles with (its defaults; bulk memory is binaryen's two flags): the
  // optimizer may use no other.
  const features =
    binaryen.Features.MutableGlobals |
    binaryen.Features.SignExt |
    binaryen.Features.NontrappingFPToInt |
    binaryen.Features.BulkMemory |
    binaryen.Features.BulkMemoryOpt;
  const wasm = binaryen.readBinaryWithFeatures(module, features);
  try {
    // binaryen's options are global and asc leaves its own: every one that shapes the result is set.
    binaryen.clearPassArguments();
    binaryen.setOptimizeLevel(2);
    binaryen.setShrinkLevel(2);
    binaryen.setDebugInfo(false);
    binaryen.setFastMath(false);
    binaryen.setZeroFilledMemory(false);
    binaryen.setLowMemoryUnused(false);
    binaryen.setTrapsNeverHappen(false);
    binaryen.setAlwaysInlineMaxSize(ALWAYS_INLINE_MAX_SIZE);
    binaryen.setFlexibleInlineMaxSize(FLEXIBLE_INLINE_MAX_SIZE);
    binaryen.setOneCallerInlineMaxSize(-1);
    binaryen.setAllowInliningFunctionsWithLoops(false);
    // The module is written through binaryen's stack IR, optimized (wasm-opt's default at -Oz).
    binaryen.setGenerateStackIR(true);
    binaryen.setOptimizeStackIR(true);
    let best = wasm.emitBinary();
    for (;;) {
      wasm.optimize();
      const next = wasm.emitBinary();
      if (next.length >= best.length) return best;
      best = next;
    }
  } finally {
    wasm.dispose();
  }
}
