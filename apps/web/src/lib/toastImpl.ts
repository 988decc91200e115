// Loaded only by lib/toast.ts, on the first toast: its own chunk keeps the toast's code off the first screen.
export { Dialog, Toast } from 'antd-mobile';
