/**
 * Runs the notification rules (main/notify/notifications.ts) over new data or the minute tick, records
 * what was told in the scope's ledger, shows what is new through the notifier port, and keeps it (and what
 * quiet hours held back) in the scope's notification history (main/notify/history.ts). A notifier that
 * throws is logged; the next notification still goes.
 */
import type { Settings } from '../../common/contract';
import { computeNotifications } from '../notify/notifications';
import type { AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import type { KnownData } from '../known';
import type { DataScope } from './data-scope';
import type { AppEvents } from './events';

/** Shows the notifications new data or the time calls for, once each. */
export class NotificationDispatch {
  constructor(
    private readonly ports: AppPorts,
    private readonly scope: DataScope,
    private readonly events: AppEvents,
    private readonly settings: () => Settings,
  ) {}

  /**
   * Runs the rules and shows what is new. `onlyRecord`: the user is looking at records of these kinds, so
   * their news is recorded without a notification, and nothing else is touched (a lesson reminder due
   * soon still comes at the minute tick).
   */
  notify(previous: KnownData | null, current: KnownData, onlyRecord: readonly string[] | null): void {
    const { clock, logger, notifier } = this.ports;
    const { ledger } = this.scope;
    const now = clock.now();
    const result = computeNotifications({
      previous,
      current,
      now,
      settings: this.settings().notifications,
      selectedPupilId: this.scope.selectedPupilId ?? current.pupils[0]?.pupil.id ?? null,
      seen: (id) => ledger.has(id),
    });
    if (onlyRecord !== null) {
      ledger.record(
        result.record.filter((id) => onlyRecord.includes(id.slice(0, id.indexOf(':')))),
        now,
      );
      return;
    }
    ledger.record(result.record, now);
    this.scope.history.record(result.history, now);
    for (const notification of result.show) {
      try {
        notifier.show(notification);
      } catch (error) {
        logger.error('notifier failed', { error: errorText(error) });
      }
      this.events.core({ type: 'notification', notification });
    }
  }
}
