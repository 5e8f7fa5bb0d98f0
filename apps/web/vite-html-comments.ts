import type { Plugin } from 'vite';

/**
 * Drops index.html's comments from the built page: they are for whoever edits it, and sent with
 * every page they were a quarter of a kilobyte of each first load, in brotli.
 */
export function htmlWithoutComments(): Plugin {
  return {
    name: 'corridor-html-without-comments',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, ''),
    },
  };
}
