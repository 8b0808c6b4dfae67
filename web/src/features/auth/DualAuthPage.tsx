import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { MSG_CODE_SENT, MSG_VERIFIED, safeRedirect, useSendCode, useVerifyCode } from './api';

export type VerificationMethod = 'email' | 'phone';
type Step = 'method' | 'address' | 'code';

export const MSG_INVALID_TOKEN = 'Invalid token';
export const MSG_ENTER_EMAIL = 'Please enter your email address';
export const MSG_ENTER_PHONE = 'Please enter your phone number';
export const MSG_ENTER_CODE = 'Please enter a valid 6-digit verification code';

/** Code length and phone digits (docs/domain.md#sign-in-and-verification). */
export const CODE_LENGTH = 6;
export const PHONE_DIGITS = 10;
/** The server accepts a new code 30 seconds after the previous one. */
export const RESEND_AFTER_SECONDS = 30;

/** Digits only, at most 10, grouped 3-3-4 with dashes as they are typed. */
export function formatPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Digits only, at most 6. */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isValidCode(value: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value);
}

export function DualAuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <Verification token={token} redirect={safeRedirect(params.get('redirect'))} />;
}

function Verification({ token, redirect }: { token: string; redirect: string }) {
  const navigate = useNavigate();
  const sendMutation = useSendCode();
  const verifyMutation = useVerifyCode();

  const [step, setStep] = useState<Step>('method');
  const [method, setMethod] = useState<VerificationMethod>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const firstRender = useRef(true);
  const methodRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // Move focus to the field of the step just shown (keyboard and screen-reader users).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = step === 'method' ? methodRef.current : step === 'address' ? addressRef.current : codeRef.current;
    target?.focus();
  }, [step]);

  // Tick while the resend wait runs.
  const waitLeft = sentAt === null ? 0 : Math.max(0, RESEND_AFTER_SECONDS - Math.floor((now - sentAt) / 1000));
  useEffect(() => {
    if (waitLeft <= 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [waitLeft]);

  const pending = sendMutation.isPending || verifyMutation.isPending;

  function send(onSent?: () => void) {
    if (!token) {
      setAddressError(MSG_INVALID_TOKEN);
      return;
    }
    const value = method === 'email' ? email.trim() : phone;
    if (!value) {
      setAddressError(method === 'email' ? MSG_ENTER_EMAIL : MSG_ENTER_PHONE);
      addressRef.current?.focus();
      return;
    }
    setAddressError(null);
    sendMutation.mutate(
      { token, destination: method === 'email' ? { emailAddress: value } : { phoneNumber: value } },
      {
        onSuccess: (message) => {
          notify('success', message || MSG_CODE_SENT);
          const t = Date.now();
          setSentAt(t);
          setNow(t);
          onSent?.();
        },
        onError: (e) => notify('error', e.message),
      },
    );
  }

  function onChooseMethod(e: FormEvent) {
    e.preventDefault();
    setAddressError(null);
    setStep('address');
  }

  function onSend(e: FormEvent) {
    e.preventDefault();
    send(() => {
      setCode('');
      setCodeError(null);
      setStep('code');
    });
  }

  function onVerify(e: FormEvent) {
    e.preventDefault();
    if (!isValidCode(code)) {
      setCodeError(MSG_ENTER_CODE);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    verifyMutation.mutate(
      { token, code },
      {
        onSuccess: () => {
          notify('success', MSG_VERIFIED);
          navigate(redirect, { replace: true });
        },
        onError: (err) => notify('error', err.message),
      },
    );
  }

  function back() {
    if (step === 'code') {
      setCodeError(null);
      setStep('address');
    } else if (step === 'address') {
      setAddressError(null);
      setStep('method');
    }
  }

  const destinationLabel = method === 'email' ? 'your e-mail address' : 'your phone';

  return (
    <Stack align="center" py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
        <Stack gap="md">
          <Title order={1} size="h2" id="verify-title">
            Verify Your Identity
          </Title>

          {step === 'method' ? (
            <form onSubmit={onChooseMethod} noValidate aria-labelledby="verify-title">
              <Stack gap="md">
                <Text>To finish signing in, we will send you a 6-digit verification code.</Text>
                <Radio.Group
                  label="How would you like to receive your code?"
                  value={method}
                  onChange={(v) => setMethod(v === 'phone' ? 'phone' : 'email')}
                  name="verification-method"
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="email" label="E-mail" ref={method === 'email' ? methodRef : undefined} />
                    <Radio value="phone" label="Phone" ref={method === 'phone' ? methodRef : undefined} />
                  </Stack>
                </Radio.Group>
                <Button type="submit">Continue</Button>
              </Stack>
            </form>
          ) : null}

          {step === 'address' ? (
            <form onSubmit={onSend} noValidate aria-labelledby="verify-title">
              <Stack gap="md">
                <Text>{method === 'email' ? 'Enter the e-mail address on your account.' : 'Enter the cell phone number on your account.'}</Text>
                {method === 'email' ? (
                  <TextInput
                    ref={addressRef}
                    label="Email address"
                    type="email"
                    autoComplete="email"
                    withAsterisk
                    value={email}
                    error={addressError}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                  />
                ) : (
                  <TextInput
                    ref={addressRef}
                    label="Phone number"
                    description="10 digits, for example 512-555-0100"
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    withAsterisk
                    value={phone}
                    error={addressError}
                    onChange={(e) => setPhone(formatPhone(e.currentTarget.value))}
                  />
                )}
                <Group justify="space-between">
                  <Button variant="default" onClick={back} disabled={pending}>
                    Back
                  </Button>
                  <Button type="submit" disabled={pending}>
                    {sendMutation.isPending ? 'Sending...' : 'Send code'}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : null}

          {step === 'code' ? (
            <form onSubmit={onVerify} noValidate aria-labelledby="verify-title">
              <Stack gap="md">
                <Text>We sent a 6-digit code to {destinationLabel}. It expires in 10 minutes.</Text>
                <TextInput
                  ref={codeRef}
                  label="Verification code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  withAsterisk
                  value={code}
                  error={codeError}
                  onChange={(e) => setCode(sanitizeCode(e.currentTarget.value))}
                />
                <Button type="submit" disabled={pending}>
                  {verifyMutation.isPending ? 'Verifying...' : 'Verify'}
                </Button>
                <Group justify="space-between">
                  <Button variant="default" onClick={back} disabled={pending}>
                    Back
                  </Button>
                  <Button variant="subtle" onClick={() => send()} disabled={pending || waitLeft > 0}>
                    Resend
                  </Button>
                </Group>
                {waitLeft > 0 ? <Text size="sm">You can ask for a new code in {waitLeft} seconds.</Text> : null}
              </Stack>
            </form>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
