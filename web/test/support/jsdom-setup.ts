import { disableRealtime } from "../../src/realtime/realtime-client";

// jsdom has no layout, so it has no scrolling methods. Components that scroll (assistant-ui's thread
// viewport scrolls to the newest message in an animation frame, the tours scroll to their target)
// call them, sometimes in a frame that fires after the test that rendered them has finished, where
// the missing method was an unhandled error that failed the whole run. They do nothing here.
const noScroll = function (this: Element) {};
Element.prototype.scrollTo ??= noScroll as Element["scrollTo"];
Element.prototype.scrollBy ??= noScroll as Element["scrollBy"];
Element.prototype.scrollIntoView ??= noScroll as Element["scrollIntoView"];

// No realtime socket: jsdom's origin has no API behind it, and the socket would retry all run long.
disableRealtime();
