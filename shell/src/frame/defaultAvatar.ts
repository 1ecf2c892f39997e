/**
 * The default avatar's URL: imported, so that the build names it by its content hash and browsers
 * keep it for good (a public file is revalidated on every load). Its own module, not texts.ts:
 * tools read texts.ts as plain TypeScript (the remote generator reads FrameRoute).
 */
export { default as DEFAULT_AVATAR } from './default-avatar.svg';
