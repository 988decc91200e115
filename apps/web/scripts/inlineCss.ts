import type { Plugin } from 'vite';

/**
 * Puts the first screen's styles into index.html instead of linking them. Linked styles block the first paint
 * until they arrive, one more round trip after the page; inline, the page (and its splash) paints as soon as
 * it is parsed, while the scripts are still on their way. About 5 KB gzip, sent with the page, which is
 * revalidated on every load anyway. The files stay in the build: a screen that loads later and shares one of
 * them finds it where Vite's loader looks.
 */
export function inlineCss(): Plugin {
  return {
    name: 'koi-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return link;
            // A closing tag inside the CSS would end the element early; CSS has no reason to contain one.
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style data-href="/${file}">${css}</style>`;
          },
        );
      },
    },
  };
}
