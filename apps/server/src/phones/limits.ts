import { PHONE_ERROR, type PhoneErrorType } from '@app/contract/phones';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A code is valid for 10 minutes and for 5 guesses; a resend without forceSend waits a minute. */
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = MINUTE;

/** One counter of rate_counters: its key, fixed window, limit, and the error type shown past it. */
export interface Limit {
  key: string;
  windowMs: number;
  limit: number;
  errorType: PhoneErrorType;
}

/**
 * The counters of one SMS, in the order their errors are reported (the first exceeded wins). The numbers and why
 * they are what they are: apps/server/README.md, "Phone verification".
 */
export function smsLimits(a: {
  customerId: number;
  phone: string;
  prefix: string;
  ip: string;
  forceSend: boolean;
  dailyBudget: number;
  prefixHourly: number;
  ipHourly: number;
}): Limit[] {
  return [
    ...(a.forceSend
      ? []
      : [
          {
            key: `sms:cooldown:${a.customerId}:${a.phone}`,
            windowMs: RESEND_COOLDOWN_MS,
            limit: 1,
            errorType: PHONE_ERROR.smsAlreadySent,
          },
        ]),
    { key: `sms:ip:${a.ip}`, windowMs: HOUR, limit: a.ipHourly, errorType: PHONE_ERROR.sendsPerIp },
    { key: `sms:cust:${a.customerId}`, windowMs: DAY, limit: 5, errorType: PHONE_ERROR.smsPerCustomer },
    { key: `sms:num:${a.phone}`, windowMs: DAY, limit: 5, errorType: PHONE_ERROR.attemptsPerNumber },
    { key: `sms:prefix:${a.prefix}`, windowMs: HOUR, limit: a.prefixHourly, errorType: PHONE_ERROR.maxAttempts },
    { key: 'sms:global', windowMs: DAY, limit: a.dailyBudget, errorType: PHONE_ERROR.maxAttempts },
  ];
}

/** The counters of one code guess (wrong guesses stay counted; a right one is given back). */
export function confirmLimits(a: { customerId: number; phone: string; ip: string }): Limit[] {
  return [
    { key: `confirm:ip:${a.ip}`, windowMs: HOUR, limit: 30, errorType: PHONE_ERROR.confirmsPerIp },
    { key: `confirm:num:${a.phone}`, windowMs: HOUR, limit: 10, errorType: PHONE_ERROR.confirmsPerNumber },
    { key: `confirm:cust:${a.customerId}`, windowMs: HOUR, limit: 15, errorType: PHONE_ERROR.attemptsPerCustomer },
  ];
}

/** The counters of one verification call. Calls cost like SMS, so they share the daily budget. */
export function ivrLimits(a: {
  customerId: number;
  phone: string;
  ip: string;
  dailyBudget: number;
  ipHourly: number;
}): Limit[] {
  return [
    { key: `ivr:ip:${a.ip}`, windowMs: HOUR, limit: a.ipHourly, errorType: PHONE_ERROR.ivrPerIp },
    { key: `ivr:num:${a.phone}`, windowMs: HOUR, limit: 3, errorType: PHONE_ERROR.ivrPerNumber },
    { key: `ivr:cust:${a.customerId}`, windowMs: HOUR, limit: 5, errorType: PHONE_ERROR.ivrPerCustomer },
    { key: 'sms:global', windowMs: DAY, limit: a.dailyBudget, errorType: PHONE_ERROR.maxAttempts },
  ];
}
