// Mantine's Modal as a module of its own: modal-on-demand.tsx imports it when a dialog is about
// to be needed, so no screen's first load carries it (issue 31).
export { Modal } from '@mantine/core';
