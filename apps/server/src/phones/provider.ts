/**
 * The SMS and voice-call adapter of phone verification: the sandbox (sandbox-provider.ts) and Twilio
 * (twilio/provider.ts). A provider reports a call's answer back through PhoneService.confirmCall (the sandbox from
 * its "press a key" API, Twilio from its signed callback) and a late delivery failure of a verification's SMS
 * through PhoneService.deliveryFailed.
 */
export interface PhoneProvider {
  /**
   * Sends one SMS. Resolves 'delivered' when the provider confirms delivery, 'queued' when it accepted the message
   * but delivery is late or unknown; throws PhoneSendError when it refused (nothing was sent, nothing is charged).
   */
  sendSms(to: string, text: string, verificationId?: number): Promise<'delivered' | 'queued'>;
  /** Places the verification call that reads the code and asks to press 1. Throws PhoneSendError on refusal. */
  call(to: string, spokenText: string, verificationId: number): Promise<void>;
  /**
   * Places the test call of the test-report checkbox: a call to `to` (the customer's real number) through the
   * virtual number `virtualNumber` that forwards to it, saying `text`. Nothing to press. Throws PhoneSendError on
   * refusal.
   */
  testCall(to: string, virtualNumber: string, text: string): Promise<void>;
  /**
   * Allocates a virtual number (07x, national digits) that forwards every call to `forwardTo`, unique among the
   * provider's numbers. Throws PhoneSendError when the provider refuses (no number free, service down).
   */
  allocateVirtualNumber(forwardTo: string): Promise<string>;
  /** Gives an allocated virtual number back (it was not needed after all). */
  releaseVirtualNumber(virtualPhone: string): Promise<void>;
}

export class PhoneSendError extends Error {}
