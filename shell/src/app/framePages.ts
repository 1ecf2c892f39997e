import { FrameRoute } from '../frame/texts';

/**
 * The paths of the shell's own pages inside the frame; every other framed path belongs to a remote.
 * Plain data, so that the accessibility journey scans the same list the router serves.
 */
export const SHELL_FRAME_PATHS = [FrameRoute.AccountInfo, FrameRoute.ChangePassword, FrameRoute.MessageCenter, FrameRoute.Messages] as const;

export type ShellFramePath = (typeof SHELL_FRAME_PATHS)[number];
