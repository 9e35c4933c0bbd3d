import { preloadPage, startEarly } from './app/early-start.ts';

/**
 * The page's entry: a small script that starts what the visited page needs (its realtime channels, public info, its
 * chunk) and the app itself (React, the router, the shell: main.tsx) at the same time, so none waits for another.
 */
startEarly();
// A task later, once public info's request is out: the app, then the page's chunk. Over HTTP/1.1 a browser opens
// six connections a host, so what is asked for first arrives first.
setTimeout(() => {
  void import('./main.tsx');
  preloadPage();
});
