import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { settle as settleDom } from '../dom.ts';
import { installDictionary, t } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../../src/core/errors.ts';
import { notices } from '../../../src/core/ui/notify.ts';
import { useFormErrors, type Placement } from '../../../src/account/parts/use-form-errors.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp);

type Field = 'mobile' | 'code' | 'agree';
type Form = ReturnType<typeof useFormErrors<Field>>;

const settle = () => act(settleDom);

/** Mounts a form's hook; `form()` is its newest state (errors and busy change with each render). */
function mount(place: Placement<Field> = (field) => (field === 'mobile' || field === 'code' ? field : null)) {
  let latest: Form | undefined;
  const root = document.createElement('div');
  function Probe() {
    latest = useFormErrors<Field>(place);
    return null;
  }
  act(() => render(<Probe />, root));
  return { form: () => latest!, unmount: () => act(() => render(null, root)) };
}

const noticeTexts = () => notices.value.map((notice) => notice.text);

test('check shows every failed rule, translated, replacing earlier messages; true only when all pass', async () => {
  const probe = mount();
  let passed = true;
  act(() => {
    passed = probe.form().check({ mobile: 'validate.mobileInvalid', code: null, agree: 'account.login.mustAgree' });
  });
  assert.not.ok(passed);
  assert.equal(probe.form().errors, { mobile: t('validate.mobileInvalid'), agree: t('account.login.mustAgree') });
  act(() => {
    passed = probe.form().check({ mobile: null, code: 'validate.codeRequired' });
  });
  assert.equal(probe.form().errors, { code: t('validate.codeRequired') }, 'the earlier messages are gone');
  act(() => {
    passed = probe.form().check({ mobile: null, code: null });
  });
  assert.ok(passed);
  assert.equal(probe.form().errors, {});
  probe.unmount();
});

test('checkField and clear touch one field and leave the others', () => {
  const probe = mount();
  act(() => void probe.form().check({ code: 'validate.codeRequired' }));
  let passed = true;
  act(() => {
    passed = probe.form().checkField('mobile', 'validate.mobileRequired');
  });
  assert.not.ok(passed);
  assert.is(probe.form().errors.code, t('validate.codeRequired'));
  assert.is(probe.form().errors.mobile, t('validate.mobileRequired'));
  act(() => probe.form().clear('mobile'));
  assert.is(probe.form().errors.mobile, undefined);
  assert.is(probe.form().errors.code, t('validate.codeRequired'));
  act(() => probe.form().clear());
  assert.equal(probe.form().errors, {});
  probe.unmount();
});

test('a server refusal goes under the field the placement names, or else into a notice', () => {
  const probe = mount();
  const wrongCode = new ApiError(ErrorCode.SMS_CODE_WRONG, 'wrong code');
  act(() => probe.form().showError(wrongCode));
  assert.is(probe.form().errors.code, describeError(wrongCode));

  const tooFrequent = new ApiError(ErrorCode.TOO_MANY_REQUESTS, 'slow down');
  act(() => probe.form().showError(tooFrequent));
  assert.ok(noticeTexts().includes(describeError(tooFrequent)), 'no field for it: a notice');

  // A placement given for one call wins over the form's own, and sees the error code.
  const seen: Array<[string | null, number | null]> = [];
  const notFound = new ApiError(ErrorCode.ACCOUNT_NOT_FOUND, 'no account');
  act(() => probe.form().showError(notFound, (field, code) => (seen.push([field, code]), 'agree')));
  assert.equal(seen, [['mobile', ErrorCode.ACCOUNT_NOT_FOUND]]);
  assert.is(probe.form().errors.agree, describeError(notFound));
  assert.is(probe.form().errors.mobile, undefined);
  probe.unmount();
});

test('run keeps the form busy while the calls run and shows their refusal', async () => {
  const probe = mount();
  let finish!: () => void;
  let running: Promise<void> | undefined;
  act(() => {
    running = probe.form().run(() => new Promise<void>((resolve) => (finish = resolve)));
  });
  assert.ok(probe.form().busy);
  finish();
  await running;
  await settle();
  assert.not.ok(probe.form().busy);

  const refused = new ApiError(ErrorCode.MOBILE_INVALID, 'bad number');
  await act(() => probe.form().run(() => Promise.reject(refused)));
  assert.not.ok(probe.form().busy);
  assert.is(probe.form().errors.mobile, describeError(refused));

  const handled: unknown[] = [];
  await act(() => probe.form().run(() => Promise.reject(refused), (error) => handled.push(error)));
  assert.equal(handled, [refused], 'a handler of its own replaces the placement');
  probe.unmount();
});

test('a second submit while the first runs sends nothing, and what was typed is left to the page', async () => {
  const probe = mount();
  let finish!: () => void;
  let calls = 0;
  let first: Promise<void> | undefined;
  act(() => {
    first = probe.form().run(() => (calls++, new Promise<void>((resolve) => (finish = resolve))));
    void probe.form().run(async () => void calls++);
  });
  assert.is(calls, 1);
  assert.ok(probe.form().busy);
  await act(async () => {
    finish();
    await first;
  });
  assert.not.ok(probe.form().busy);
  assert.equal(probe.form().errors, {}, 'a success sets no message');
  probe.unmount();
});

test('sendCode says the code is sent and resolves true; a refusal resolves false, a throttled one its wait', async () => {
  const probe = mount();
  notices.value = [];
  let sent: boolean | number = false;
  await act(async () => {
    sent = await probe.form().sendCode(() => Promise.resolve());
  });
  assert.ok(sent);
  assert.ok(noticeTexts().includes(t('account.login.codeSent')));

  const refused = new ApiError(ErrorCode.SMS_CODE_EXPIRED, 'expired');
  await act(async () => {
    sent = await probe.form().sendCode(() => Promise.reject(refused));
  });
  assert.is(sent, false);
  assert.is(probe.form().errors.code, describeError(refused));

  const throttled = new ApiError(ErrorCode.SMS_SEND_TOO_FREQUENT, 'Please do not operate frequently', 42);
  await act(async () => {
    sent = await probe.form().sendCode(() => Promise.reject(throttled));
  });
  assert.is(sent, 42, 'the button counts down the wait the server asked for');
  probe.unmount();
});

test.run();
