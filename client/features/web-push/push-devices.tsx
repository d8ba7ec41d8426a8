import { useMutation } from '@tanstack/react-query';
import type { PushDevice } from '../../../common/contracts/web-push';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import { ThisDeviceBadge } from '../../ui/this-device-badge';
import { pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';
import { usePushDevices, useRegisterPushDevice, useRemovePushDevice } from './web-push.queries';

const SUPPORT_NOTES = {
  unsupported:
    'This browser cannot receive notifications. On an iPhone or iPad, add Tidings to your Home Screen first.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn them on here.',
} as const;

function DeviceRow({
  device,
  onRemove,
  isBusy,
}: {
  device: PushDevice;
  onRemove: () => void;
  isBusy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">
          {device.device}
          {device.isThisSession && <ThisDeviceBadge />}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Turned on <RelativeTime iso={device.createdAt} />
          {device.lastPushedAt && (
            <>
              {' '}
              · last notified <RelativeTime iso={device.lastPushedAt} />
            </>
          )}
        </p>
      </div>
      <Button variant="secondary" aria-label={`Turn off ${device.device}`} isBusy={isBusy} onClick={onRemove}>
        Turn off
      </Button>
    </li>
  );
}

/**
 * The devices that get notifications while Tidings is closed: this one turned on with the
 * browser's own prompt, any of them turned off. A device stays on until it is turned off here or
 * its session ends (a log-out there turns it off).
 */
export function PushDevices() {
  const devices = usePushDevices();
  const register = useRegisterPushDevice();
  const remove = useRemovePushDevice();
  const turnOn = useMutation({
    mutationFn: async (applicationServerKey: string) =>
      register.mutateAsync(await subscribeThisBrowser(applicationServerKey)),
  });
  if (devices.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (devices.isError) return <Alert>{userMessageOf(devices.error)}</Alert>;
  const support = pushSupport();
  const isThisDeviceOn = devices.data.devices.some((device) => device.isThisSession);
  const error = turnOn.error ?? remove.error;
  return (
    <div className="flex flex-col gap-3">
      {support === 'unsupported' || support === 'denied' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{SUPPORT_NOTES[support]}</p>
      ) : (
        !isThisDeviceOn && (
          <div>
            <Button
              isBusy={turnOn.isPending}
              onClick={() => turnOn.mutate(devices.data.applicationServerKey)}
            >
              Turn on for this device
            </Button>
          </div>
        )
      )}
      {error && <Alert>{userMessageOf(error)}</Alert>}
      {devices.data.devices.length > 0 && (
        <ul
          aria-label="Devices with notifications"
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {devices.data.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              isBusy={remove.isPending && remove.variables === device.id}
              onRemove={() => {
                if (device.isThisSession) void unsubscribeThisBrowser();
                remove.mutate(device.id);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
