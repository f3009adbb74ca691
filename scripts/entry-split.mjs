// Splits what the entry loads statically in two, so that index.html can carry the half no other file needs
// (scripts/inline-entry.mjs):
// - the core: every module the entry loads that a lazy chunk also reaches (Preact, signals, the router, the http
//   client, texts, the session...), one file that the lazy chunks import from;
// - the entry's own modules: the rest (the boot, the route table and view, the first screen's layouts, the login
//   page, the default language's first-screen texts), which only the entry uses. Nothing imports them, so they can
//   travel inside the HTML and arrive while the link would otherwise be idle.
// The sets are read off the module graph once it is complete. A module is the core's if the static imports of some
// lazy root reach it; the lazy roots are the dynamically imported modules that are not the entry's, and, until
// nothing changes, those of the entry's modules that a module in a file (core or lazy) imports dynamically: a file
// cannot import a module that lives inside the HTML, so such a module moves into the core with what it imports.
export function entrySplit() {
  const core = new Set();
  const plugin = {
    name: 'cloud-phone:entry-split',
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
      const dynamicTargets = (from) => from.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
      const roots = new Set(dynamicTargets(ids).filter((id) => !initial.has(id)));
      for (;;) {
        for (const id of closure(roots)) if (initial.has(id)) core.add(id);
        const inFiles = ids.filter((id) => !initial.has(id) || core.has(id));
        const more = dynamicTargets(inFiles).filter((id) => initial.has(id) && !roots.has(id));
        if (more.length === 0) break;
        for (const id of more) roots.add(id);
      }
    },
  };
  return { plugin, isCore: (id) => core.has(id) };
}
