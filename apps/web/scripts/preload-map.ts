import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface PreloadMapOptions {
  /** Console paths and the source file of each one's route component, e.g. `{ '/login': '/abs/…/login-page.tsx' }`. */
  pages: Record<string, string>;
  /** The chunk name of each language's first texts, e.g. `{ 'en-US': 'locale-en-US-core' }`. */
  texts: Record<string, string>;
  /** What a visitor with a session loads on a signed-in page, hinted only to them. */
  signedIn: {
    /** Source files of the routes around every signed-in page (the session gate, the shell). */
    roots: string[];
    /** The chunk name of each language's console texts, e.g. `{ 'en-US': 'locale-en-US' }`. */
    texts: Record<string, string>;
    /** Signed-in pages whose own files are hinted too, like `pages`. */
    pages: Record<string, string>;
  };
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
 * files of its first texts; under `signedIn`, the same for a visitor with a session: the shell's
 * files, the console's texts and the signed-in pages' own files. The server puts them in index.html as preload hints, so a first visit
 * over a slow network fetches them beside the entry instead of one round trip after it (issue 19;
 * apps/server/src/platform/preload-hints.ts).
 */
export function preloadMap({ pages, texts, signedIn }: PreloadMapOptions): Plugin {
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
      /** What the roots load that the entry (and `loadedAlready`) does not: scripts, then their style sheets. */
      const filesBeyondEntry = (roots: OutputChunk[], loadedAlready: ReadonlySet<string> = new Set()): string[] => {
        const loaded = staticClosure(chunks, roots).filter((chunk) => !initial.has(chunk.fileName) && !loadedAlready.has(`${base}${chunk.fileName}`));
        const styles = loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        return [...loaded.map((chunk) => chunk.fileName), ...new Set(styles)].map((file) => `${base}${file}`);
      };
      const found = (description: string, matches: OutputChunk[]) => {
        if (matches.length === 0) this.error(`preload map: no chunk for ${description}`);
        return matches;
      };
      const holding = (source: string) => found(source, all.filter((chunk) => chunk.moduleIds.includes(source)));
      const named = (name: string) => found(name, all.filter((chunk) => chunk.name === name));
      const pageFiles = (entries: Record<string, string>, loadedAlready?: ReadonlySet<string>) =>
        Object.fromEntries(Object.entries(entries).map(([path, source]) => [path, filesBeyondEntry(holding(source), loadedAlready)]));
      const textFiles = (entries: Record<string, string>) => Object.fromEntries(Object.entries(entries).map(([lang, name]) => [lang, filesBeyondEntry(named(name))]));
      const shellFiles = filesBeyondEntry(signedIn.roots.flatMap(holding));
      const map = {
        pages: pageFiles(pages),
        texts: textFiles(texts),
        signedIn: { files: shellFiles, texts: textFiles(signedIn.texts), pages: pageFiles(signedIn.pages, new Set(shellFiles)) },
      };
      this.emitFile({ type: 'asset', fileName: '.vite/preload.json', source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}
