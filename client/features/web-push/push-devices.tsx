import { useMutation } from '@tanstack/react-query';
import type { PushDevice } from '../../../common/contracts/web-push';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import { ThisDeviceBadge } from '../../ui/this-device-badge';
import { pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';
import { webPushMessages } from './web-push.messages';
import { usePushDevices, useRegisterPushDevice, useRemovePushDevice } from './web-push.queries';

const SUPPORT_NOTE_KEYS = {
  unsupported: 'unsupportedNote',
  denied: 'deniedNote',
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
  const t = useT(webPushMessages);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">
          {device.device}
          {device.isThisSession && <ThisDeviceBadge />}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t.rich('turnedOn', { time: <RelativeTime iso={device.createdAt} /> })}
          {device.lastPushedAt && (
            <> {t.rich('lastNotified', { time: <RelativeTime iso={device.lastPushedAt} /> })}</>
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        aria-label={t('turnOffLabel', { device: device.device })}
        isBusy={isBusy}
        onClick={onRemove}
      >
        {t('turnOff')}
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
  const t = useT(webPushMessages);
  const devices = usePushDevices();
  const register = useRegisterPushDevice();
  const remove = useRemovePushDevice();
  const turnOn = useMutation({
    mutationFn: async (applicationServerKey: string) =>
      register.mutateAsync(await subscribeThisBrowser(applicationServerKey)),
  });
  if (devices.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">{t('loading')}</p>;
  if (devices.isError) return <Alert>{userMessageOf(devices.error)}</Alert>;
  const support = pushSupport();
  const isThisDeviceOn = devices.data.devices.some((device) => device.isThisSession);
  const error = turnOn.error ?? remove.error;
  return (
    <div className="flex flex-col gap-3">
      {support === 'unsupported' || support === 'denied' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t(SUPPORT_NOTE_KEYS[support])}</p>
      ) : (
        !isThisDeviceOn && (
          <div>
            <Button
              isBusy={turnOn.isPending}
              onClick={() => turnOn.mutate(devices.data.applicationServerKey)}
            >
              {t('turnOnThisDevice')}
            </Button>
          </div>
        )
      )}
      {error && <Alert>{userMessageOf(error)}</Alert>}
      {devices.data.devices.length > 0 && (
        <ul aria-label={t('devicesLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
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
