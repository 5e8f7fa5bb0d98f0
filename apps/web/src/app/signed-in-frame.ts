// The signed-in frame (navigation, session, realtime) as the router loads it: one dynamic import,
// so one file of the frame's chunk, where the layout and the session's loader were two (a file
// of re-exports each, and a request each on every signed-in page's path, issue 31).
export { SignedInLayout } from './layouts/signed-in-layout';
export { signedInLoader } from './session';
