import type { Plugin } from 'vite';

/**
 * Puts the first screen's styles into index.html instead of linking them. Linked styles block the first paint
 * until they arrive, one more round trip after the page; inline, the page (and its splash) paints as soon as
 * it is parsed, while the scripts are still on their way. About 5 KB gzip, sent with the page, which is
 * revalidated on every load anyway.
 *
 * Each inlined file also keeps a `disabled` <link> to itself, which the browser neither fetches nor applies.
 * It is there for Vite's loader: before a lazy screen runs, the loader adds a <link> for each style file the
 * screen needs unless a <link> to that file is already in the page, and it does not look at <style>. Without
 * the marker, the first lazy screen (the customer-service dialog, the promotions page) appended antd-mobile's
 * base styles again, after ours, and its `:root` colours replaced the app's purple with antd's blue.
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
            return `<link rel="stylesheet" href="/${file}" disabled /><style data-href="/${file}">${css}</style>`;
          },
        );
      },
    },
  };
}
