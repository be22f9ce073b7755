import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import { authScreenOf } from '@meridian/contract/screens';

/** The two pages of the app: the signed-in app and the public auth screens (served for their paths). */
export const PAGES = { index: 'index.html', auth: 'auth.html' } as const;

/**
 * The self-hosted fonts' files as the build named them, by font choice (`inter`, `manrope`): only their latin
 * subset is built (src/styles.css).
 */
function fontFiles(bundle: OutputBundle | undefined): Record<string, string> {
  const files: Record<string, string> = {};
  for (const fileName of Object.keys(bundle ?? {})) {
    const font = /^assets\/(\w+)-latin-wght-normal-[\w-]+\.woff2$/.exec(fileName)?.[1];
    if (font) files[`data-font-${font}`] = `/${fileName}`;
  }
  return files;
}

/**
 * What every page's head shares, first in the head (before the stylesheet, so nothing waits for it):
 * public/theme-init.js, which applies the stored theme and font before first paint and preloads the selected
 * font (its file comes in a `data-font-<name>` attribute), and the icons. Also writes the environment label
 * (storage-key prefix) into `<html data-env>` for theme-init.js.
 */
export function pageHead(appEnv: string): Plugin {
  return {
    name: 'meridian-page-head',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
            injectTo: 'head-prepend',
          },
          {
            tag: 'link',
            attrs: { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { src: '/theme-init.js', ...fontFiles(ctx.bundle) },
            injectTo: 'head-prepend',
          },
        ];
        return { html: html.replace('%APP_ENV%', appEnv), tags };
      },
    },
  };
}

/** The dev server answers the auth screens' paths with auth.html, as the production server does. */
export function authPageInDev(): Plugin {
  return {
    name: 'meridian-auth-page-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev.invalid');
        if (req.method === 'GET' && authScreenOf(url.pathname)) req.url = `/${PAGES.auth}${url.search}`;
        next();
      });
    },
  };
}
