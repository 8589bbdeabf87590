/**
 * Ticking a homework off or unticking it (`homework:tick`) for the sync engine (./sync-engine.ts): one
 * request through the session, then the confirmed homework goes into the known data at once.
 */
import type { Homework } from '../../common/domain';
import type { SyncState } from './sync-state';

/** Ticks homework of the known list, single flight per homework; see {@link HomeworkTicking.set}. */
export class HomeworkTicking {
  private readonly shared: SyncState;
  /** The tick in flight per `pupilId:homeworkId`, and the state it sets (see `set`). */
  private readonly ticks = new Map<string, { ticked: boolean; done: Promise<Homework> }>();

  constructor(shared: SyncState) {
    this.shared = shared;
  }

  /**
   * Ticks a homework of the known list off (`ticked: true`) or unticks it, through the keeper (the client
   * reads, toggles only when needed and confirms, so the keeper's retry after signing in again never toggles
   * twice), then puts the confirmed homework into the known data at once (change `homework-tick`: counts,
   * groups, tray and the due-tomorrow rule see it before the next refresh).
   * Single flight per homework: asking again for the same state while one is in flight joins it (a double
   * click sends one toggle); asking for the other state runs after it, from a fresh read.
   * @throws Error fit to show: not a student account, or the homework is not in the known list; the
   *   client's errors (HomeworkTickError, SessionExpiredError, …), whose `userMessage` is fit to show.
   */
  set(homeworkId: number, pupilId: number | undefined, ticked: boolean): Promise<Homework> {
    const known = this.shared.pupil(pupilId);
    if (this.shared.keeper.accountKind !== 'student')
      throw new Error('Only the pupil can tick homework off.');
    const id = known.pupil.id;
    const homework = known.homework?.items.find((h) => h.id === homeworkId);
    if (homework === undefined) throw new Error('That homework is not in the list any more.');
    const key = `${id}:${homeworkId}`;
    const inFlight = this.ticks.get(key);
    if (inFlight?.ticked === ticked) return inFlight.done;
    const epoch = this.shared.epoch;
    const run = async (): Promise<Homework> => {
      const confirmed = await this.shared.run((c) => c.setHomeworkTicked(homework, ticked, id));
      if (epoch === this.shared.epoch) {
        this.shared.updatePupil(
          id,
          (k) =>
            k.homework
              ? {
                  ...k,
                  homework: {
                    ...k.homework,
                    items: k.homework.items.map((h) => (h.id === confirmed.id ? confirmed : h)),
                  },
                }
              : k,
          { reason: 'homework-tick' },
        );
      }
      return confirmed;
    };
    const done = (inFlight ? inFlight.done.then(run, run) : run()).finally(() => {
      if (this.ticks.get(key)?.done === done) this.ticks.delete(key);
    });
    this.ticks.set(key, { ticked, done });
    return done;
  }
}
