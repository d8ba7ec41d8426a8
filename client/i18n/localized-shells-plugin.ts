import type { Plugin, Rollup } from 'vite';
import { LOCALES, SOURCE_LOCALE, shellPageOf } from './locales';
import deApp from './messages/de/app.json';
import deUi from './messages/de/ui.json';
import ptApp from './messages/pt/app.json';
import ptUi from './messages/pt/ui.json';

type Catalogue = Readonly<Record<string, string>>;

/** The catalogues the shell's words come from, per language other than English. */
const SHELL_CATALOGUES: Readonly<Record<string, Readonly<Record<'app' | 'ui', Catalogue>>>> = {
  pt: { app: ptApp, ui: ptUi },
  de: { app: deApp, ui: deUi },
};

/** The shell's words, each from a catalogue: the app's first render says the same. */
const SHELL_TEXTS = [
  { english: 'aria-label="Tidings home"', namespace: 'app', key: 'homeLinkLabel', as: 'aria-label' },
  { english: '>Loading…<', namespace: 'ui', key: 'loading', as: 'text' },
  { english: 'Tidings · self-hosted', namespace: 'app', key: 'footer', as: 'plain' },
] as const;

/** The page's own name in the shell; the app puts the instance's name in its place. */
const SHELL_NAME = 'Tidings';

function messageOf(locale: string, namespace: 'app' | 'ui', key: string): string {
  const message = SHELL_CATALOGUES[locale]?.[namespace][key];
  if (message === undefined) throw new Error(`localized shell: ${locale}/${namespace}.json has no "${key}"`);
  return message.replace('{name}', SHELL_NAME);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * index.html once more for each language other than English, as index.<locale>.html: its shell
 * worded in that language, `<html lang>` set, and the language's messages (a lazy chunk the app
 * otherwise asks for only once its entry has run) preloaded with the entry. The server sends it
 * to a browser whose Accept-Language picks that language, so a first visit fetches the messages
 * alongside the app instead of after it.
 */
export function localizedShells(): Plugin {
  return {
    name: 'tidings-localized-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string') return;
      const html = page.source;
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      for (const locale of LOCALES) {
        if (locale === SOURCE_LOCALE) continue;
        const messages = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith(`/client/i18n/bundles/${locale}.ts`),
        );
        if (!messages) throw new Error(`localized shell: no chunk holds the ${locale} messages`);
        const preloads = [messages.fileName, ...messages.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        let localized = html
          .replace('<html lang="en">', `<html lang="${locale}">`)
          .replace('</head>', `  ${preloads}\n  </head>`);
        for (const text of SHELL_TEXTS) {
          if (!localized.includes(text.english))
            throw new Error(`localized shell: index.html no longer holds ${text.english}`);
          const words = escapeHtml(messageOf(locale, text.namespace, text.key));
          const replacement =
            text.as === 'aria-label' ? `aria-label="${words}"` : text.as === 'text' ? `>${words}<` : words;
          localized = localized.replace(text.english, replacement);
        }
        this.emitFile({ type: 'asset', fileName: shellPageOf(locale), source: localized });
      }
    },
  };
}
