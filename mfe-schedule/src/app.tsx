import { defineRemote } from '@portal/remote-kit';
import { scheduleApi } from './api/scheduleApi';
import { SCHEDULE_PATHS } from './routes';
import { ScheduleRoutes } from './ScheduleRoutes';
import { ScheduleText } from './texts';

// The shell mounts this remote as the single-spa app 'schedule' into its frame's content area.
// Server data goes through RTK Query (api/scheduleApi.ts). Alone, the harness opens ec's schedule.
export const {
  bootstrap,
  mount,
  unmount,
  Root: ScheduleRoot,
  renderStandalone,
} = defineRemote({
  name: 'schedule',
  routes: ScheduleRoutes,
  apis: [scheduleApi],
  texts: { pageFailed: ScheduleText.PageFailed, rootFailed: ScheduleText.RootFailed },
  standaloneHome: SCHEDULE_PATHS.ec,
});
