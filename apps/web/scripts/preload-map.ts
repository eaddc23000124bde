import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface PreloadMapOptions {
  /** Console paths and the source file of each one's route component, e.g. `{ '/login': '/abs/…/login-page.tsx' }`. */
  pages: Record<string, string>;
  /** The chunk name of each language's first texts, e.g. `{ 'en-US': 'locale-en-US-core' }`. */
  texts: Record<string, string>;
}

/** The chunks of the bundle by file name. */
function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  return new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}

/** `roots` and every chunk they import statically, directly or not. */
function staticClosure(chunks: Map<string, OutputChunk>, roots: OutputChunk[]): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/**
 * Writes `.vite/preload.json`: for each page of `pages`, the scripts and style sheets its route loads
 * beyond what index.html already asks for (the entry and its imports), and for each language the
 * files of its first texts. The server puts them in index.html as preload hints, so a first visit
 * over a slow network fetches them beside the entry instead of one round trip after it (issue 19;
 * apps/server/src/platform/preload-hints.ts).
 */
export function preloadMap({ pages, texts }: PreloadMapOptions): Plugin {
  let base = '/';
  return {
    name: 'atrium-preload-map',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const all = [...chunks.values()];
      const initial = new Set(staticClosure(chunks, all.filter((chunk) => chunk.isEntry)).map((chunk) => chunk.fileName));
      /** What the roots load that the entry does not: scripts, then their style sheets. */
      const filesBeyondEntry = (roots: OutputChunk[]): string[] => {
        const loaded = staticClosure(chunks, roots).filter((chunk) => !initial.has(chunk.fileName));
        const styles = loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        return [...loaded.map((chunk) => chunk.fileName), ...new Set(styles)].map((file) => `${base}${file}`);
      };
      const found = (description: string, matches: OutputChunk[]) => {
        if (matches.length === 0) this.error(`preload map: no chunk for ${description}`);
        return matches;
      };
      const map = {
        pages: Object.fromEntries(
          Object.entries(pages).map(([path, source]) => [path, filesBeyondEntry(found(path, all.filter((chunk) => chunk.moduleIds.includes(source))))]),
        ),
        texts: Object.fromEntries(
          Object.entries(texts).map(([lang, name]) => [lang, filesBeyondEntry(found(name, all.filter((chunk) => chunk.name === name)))]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: '.vite/preload.json', source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}
