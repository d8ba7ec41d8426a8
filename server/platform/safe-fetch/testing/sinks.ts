import type { TextSink } from '../body-reader';

/** A sink that keeps all text (and the final URL), declaring itself done once `stopAfter` appears. */
export function collectText(stopAfter?: string) {
  let text = '';
  let finalUrl = '';
  return {
    open: (url: string): TextSink => {
      finalUrl = url;
      return {
        write(chunk) {
          text += chunk;
          return stopAfter !== undefined && text.includes(stopAfter) ? 'done' : 'more';
        },
      };
    },
    text: () => text,
    finalUrl: () => finalUrl,
  };
}
