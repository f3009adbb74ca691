// Marks the chunks whose functions nearly all run as soon as they load with V8's explicit compile hint, the magic
// comment `//# allFunctionsCalledOnLoad` as the file's first line (Chrome 136 and later; other engines read a comment).
//
// Without it V8 compiles a function the first time it is called, on the main thread, after having pre-parsed it once
// already when the file arrived. With it, a file fetched from the network is compiled whole while it streams in, off
// the main thread. For the returning user's first screen (the device list: its page chunk and the helpers the
// signed-in pages share), traces of the 1,000-phone home at 4x CPU slowdown show those two files compiled in the
// background as they arrive, and the compiling left on the main thread before the first cards about 15 ms shorter
// (V8.CompileCode 80-93 -> 63-75 ms). Inline scripts are compiled on the main thread either way, so the hint does not
// go on the entry inlined into index.html: there it only made its login code compile on home too.
//
// The comment has to come first, before the preload-list helper Vite writes at the top of chunks with lazy imports,
// so the hook runs after every other plugin's.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** @param {readonly string[]} chunkNames the chunks to mark, by their names in the build's chunk groups */
export function compileHintsPlugin(chunkNames) {
  const names = new Set(chunkNames);
  return {
    name: 'compile-hints',
    // The client build only: the prerender's server build has no chunks to speak of.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const marked = new Set();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !names.has(output.name)) continue;
          output.code = COMPILE_HINT + output.code;
          marked.add(output.name);
        }
        // A renamed group would otherwise lose its hint without a word.
        const missing = [...names].filter((name) => !marked.has(name));
        if (missing.length) this.error(`compile hints: no chunk named ${missing.join(', ')}`);
      },
    },
  };
}
