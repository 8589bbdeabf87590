/**
 * Pages of the ClassCharts web site the popover sends a user to for what the API does not carry (a
 * teacher's feedback on homework; answering a consent request). Each address is a service fact with its
 * public source in docs/classcharts-api.md §2.9; the browser opens it through the store's openExternal.
 */
import type { AccountKind } from '../../common/contract';

/** ClassCharts' web site (docs/classcharts-api.md, "The service"). */
export const CLASSCHARTS_WEB = 'https://www.classcharts.com';

/**
 * Where a pupil or a parent signs in to ClassCharts' web site, which is its way in for everything
 * (`/student/login`, `/parent/login`: docs/classcharts-api.md §2.1, §2.2 and §2.9).
 */
export function signInPage(kind: AccountKind): string {
  return `${CLASSCHARTS_WEB}/${kind === 'parent' ? 'parent' : 'student'}/login`;
}

/**
 * The page of one homework on ClassCharts' web site, where its feedback is read: for a pupil the web
 * app's `/mobile/student#<pupil id>,homework,<homework id>` (docs/classcharts-api.md §2.9, from
 * https://github.com/jamesatjaminit/classcharts-to-ical/blob/main/main.ts); for a parent,
 * whose web app has no known address of a homework, the sign-in page.
 */
export function homeworkPage(
  kind: AccountKind,
  pupilId: number | null | undefined,
  homeworkId: number,
): string {
  if (kind === 'parent' || pupilId == null) return signInPage(kind);
  return `${CLASSCHARTS_WEB}/mobile/student#${pupilId},homework,${homeworkId}`;
}
