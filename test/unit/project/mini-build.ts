import { build, type Plugin, type Rolldown } from 'vite';

/**
 * A production build of a few modules given as text (`files`, by name; the first is the entry) with the installed
 * Vite and the app's plugins under test: the chunks as the real build would write them, in a fraction of a second.
 * The entry's static imports go in one chunk, as vite.config.ts's `index` group puts them.
 */
export async function miniBuild(files: Record<string, string>, plugins: Plugin[] = []): Promise<Rolldown.OutputChunk[]> {
  const [entry] = Object.keys(files);
  const virtual: Plugin = {
    name: 'mini-build:files',
    enforce: 'pre',
    resolveId: (id) => (Object.hasOwn(files, id.replace(/^.*\//, '')) ? `/virtual/${id.replace(/^.*\//, '')}` : undefined),
    load: (id) => (id.startsWith('/virtual/') ? files[id.slice('/virtual/'.length)] : undefined),
  };
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: '/virtual',
    base: '/app/',
    plugins: [...plugins, virtual],
    build: {
      write: false,
      target: 'es2019',
      modulePreload: { polyfill: false },
      rolldownOptions: { input: `/virtual/${entry}`, output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((output) => output.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}
