// Splits the entry in two, so that index.html can carry the half no other file needs (scripts/inline-shell.mjs):
// - the core: every module the entry loads that a lazy chunk also reaches (Preact, signals, the router, the http
//   client, texts, the session...), one file that the lazy chunks import from;
// - the shell: the entry's remaining modules (the boot, the route table and view, the app's frame), which only the
//   entry uses. Nothing imports them, so they can travel inside the HTML and arrive while the link would be idle.
// The sets are read off the module graph once it is complete: a module is the core's if the static imports of some
// dynamically imported module (one that is not itself part of the entry) reach it.
export function shellSplit() {
  const core = new Set();
  const plugin = {
    name: 'cloud-phone:shell-split',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      core.clear();
      const info = (id) => this.getModuleInfo(id);
      const closure = (starts) => {
        const seen = new Set();
        const stack = [...starts];
        while (stack.length) {
          const id = stack.pop();
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const initial = closure(ids.filter((id) => info(id)?.isEntry));
      const lazyRoots = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []).filter((id) => !initial.has(id)));
      for (const id of closure(lazyRoots)) if (initial.has(id)) core.add(id);
    },
  };
  return { plugin, isCore: (id) => core.has(id) };
}
