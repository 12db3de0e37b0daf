import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { updateAccountTimezone } from '../../../contracts/account.contract';
import { ACCOUNT_ZONE_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { deviceTimeZone } from '../../lib/account-zone';
import { call } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';

// The account's zone is what every screen shows (ADR 026). When this device's clock is in
// another zone, say so once, with a one-click switch; "Keep" is remembered per device for that
// pair of zones, so travelling to a third zone asks again.

const KEPT_KEY = 'tutora.accountZoneKept';

const keptPair = (account: string, device: string) => `${account}|${device}`;

function readKept(): string | null {
  try {
    return localStorage.getItem(KEPT_KEY);
  } catch {
    return null;
  }
}

export function AccountZoneNotice() {
  const { user, refresh } = useSession();
  const client = useQueryClient();
  const device = deviceTimeZone();
  const [kept, setKept] = useState(readKept);
  const [saving, setSaving] = useState(false);
  const accountZone = user?.timezone ?? null;
  const userId = user?.id;

  // An account with no zone yet (made before sign-up stored one, or through Google) takes this
  // device's at once, so nothing is ever shown in a guessed zone.
  useEffect(() => {
    if (!userId || accountZone) return;
    void call(updateAccountTimezone, { body: { timezone: device } }).then(() => refresh());
  }, [userId, accountZone, device, refresh]);

  if (!user || !accountZone || accountZone === device) return null;
  if (kept === keptPair(accountZone, device)) return null;

  const switchToDevice = async () => {
    setSaving(true);
    try {
      await call(updateAccountTimezone, { body: { timezone: device } });
      await refresh();
      // Server-made figures (months of earnings, calendar dates) follow the new zone too.
      await client.invalidateQueries();
      notify.success(M.switched(device));
    } catch {
      notify.error(M.switchFailed);
    } finally {
      setSaving(false);
    }
  };
  const keep = () => {
    const pair = keptPair(accountZone, device);
    try {
      localStorage.setItem(KEPT_KEY, pair);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setKept(pair);
  };

  return (
    <div className="mb-4">
      <Banner kind="info" dismissible={false}>
        <p>{M.differs(accountZone, device)}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button onClick={() => void switchToDevice()} disabled={saving}>
            {M.switchToDevice(device)}
          </Button>
          <Button variant="secondary" onClick={keep} disabled={saving}>
            {M.keepAccount(accountZone)}
          </Button>
        </div>
      </Banner>
    </div>
  );
}
