/**
 * The ClassCharts API client: the one place where the service's quirks are absorbed. Runtime-agnostic
 * (no electron import): the app passes Electron's `net.fetch`, tests and the CLI pass Node's.
 * Public surface first; behaviour lands in the next commits.
 */
import type { Clock, Logger } from '../ports';
import type {
  AccountKind,
  Account,
  ActivityPage,
  Announcement,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  Homework,
  IsoDate,
  Lesson,
  Pupil,
} from './types';

/** Sign-in details. `dateOfBirth` is DD/MM/YYYY (unpadded accepted); `code` is trimmed and upper-cased. */
export type Credentials =
  | { kind: 'student'; code: string; dateOfBirth: string }
  | { kind: 'parent'; email: string; password: string };

/** What the client is built from. `timeoutMs` defaults to 15 000 ms per request. */
export interface ClientOptions {
  fetch: typeof fetch;
  /** Service root, e.g. `https://www.classcharts.com` or the fake server's URL (no trailing path). */
  baseUrl: string;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
}

/** Homework query: dates YYYY-MM-DD (Europe/London); `displayDate` picks which date the range filters. */
export interface HomeworkOptions {
  from?: IsoDate;
  to?: IsoDate;
  displayDate?: 'due_date' | 'issue_date';
}

/** One activity page query; `lastId` continues after that behaviour point (older points). */
export interface ActivityPageOptions {
  from?: IsoDate;
  to?: IsoDate;
  lastId?: number;
}

/** All-pages activity query; `maxPages` is a hard cap (default 20). */
export interface AllActivityOptions {
  from?: IsoDate;
  to?: IsoDate;
  maxPages?: number;
}

/** Date range for behaviour statistics. */
export interface DateRange {
  from?: IsoDate;
  to?: IsoDate;
}

const notYet = (): never => {
  throw new Error('ClassChartsClient: not implemented yet');
};

/** The ClassCharts client (student or parent). */
export class ClassChartsClient {
  kind: AccountKind | null = null;
  constructor(private readonly options: ClientOptions) {}
  hasSession(): boolean {
    return false;
  }
  async login(_credentials: Credentials): Promise<void> {
    notYet();
  }
  async account(): Promise<Account> {
    return notYet();
  }
  async renew(): Promise<void> {
    notYet();
  }
  signOut(): void {}
  async timetable(_date: IsoDate, _pupilId?: number): Promise<Lesson[]> {
    return notYet();
  }
  async homeworks(_options: HomeworkOptions, _pupilId?: number): Promise<Homework[]> {
    return notYet();
  }
  async activityPage(_options: ActivityPageOptions, _pupilId?: number): Promise<ActivityPage> {
    return notYet();
  }
  async allActivity(_options: AllActivityOptions, _pupilId?: number): Promise<BehaviourPoint[]> {
    return notYet();
  }
  async behaviour(_options: DateRange, _pupilId?: number): Promise<BehaviourSummary> {
    return notYet();
  }
  async badges(_pupilId?: number): Promise<Badge[]> {
    return notYet();
  }
  async announcements(_pupilId?: number): Promise<Announcement[]> {
    return notYet();
  }
  async detentions(_pupilId?: number): Promise<Detention[]> {
    return notYet();
  }
  async pupils(): Promise<Pupil[]> {
    return notYet();
  }
  async studentInfo(): Promise<Pupil> {
    return notYet();
  }
}
