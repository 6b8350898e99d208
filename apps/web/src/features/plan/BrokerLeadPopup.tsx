/**
 * The real-estate broker-lead flow (after-save-area.md §4 "Choose-type flow", "Broker lead flow", §8, §9 sizes):
 * an intro (606x447), the brokers of the ad's city (745 wide; continuing needs at least one), then a thank-you.
 * Closing before the lead is sent sends an empty list and ends as a success; a failed send ends as a failure
 * (the popup closes; the plan step finishes with leadFailed). Send failures are swallowed here: the plan step
 * always goes on to finish the ad.
 */
import type { Broker } from '@app/contract/planExtras';
import { useRef, useState } from 'react';
import { sendRealEstateLead } from '../../shared/api/index.ts';
import { hePlan } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { type LeadEnd, mayContinue, toggleBroker } from './sideFlows.ts';

const t = hePlan.brokerLead;

export interface BrokerLeadPopupProps {
  orderId: number;
  brokers: Broker[];
  cityName: string | null;
  onDone: (end: LeadEnd) => void;
}

export function BrokerLeadPopup({ orderId, brokers, cityName, onDone }: BrokerLeadPopupProps) {
  const [stage, setStage] = useState<'intro' | 'select' | 'thanks'>('intro');
  const [chosen, setChosen] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const ended = useRef(false);

  const end = (how: LeadEnd) => {
    if (ended.current) return;
    ended.current = true;
    onDone(how);
  };

  /** Closed before sending: the empty list goes to the server (its answer is not read), then finish as a success. */
  const closeEmpty = () => {
    if (ended.current) return;
    void sendRealEstateLead(orderId, []);
    end('closed');
  };

  const send = async () => {
    if (!mayContinue(chosen) || sending) return;
    setSending(true);
    const ok = await sendRealEstateLead(orderId, chosen);
    setSending(false);
    if (!ok) return end('failed');
    setStage('thanks');
  };

  if (stage === 'intro') {
    return (
      <Popup
        header={t.introHeader}
        size={{ width: 606, height: 447 }}
        onClose={closeEmpty}
        className="broker-lead broker-lead--intro"
      >
        <div data-testid="broker-lead-intro" className="broker-lead__body">
          <p>{t.introText}</p>
          <p className="offer-popup__note">{t.introNote}</p>
          <div className="offer-popup__actions">
            <button type="button" className="btn btn--primary" data-autofocus onClick={() => setStage('select')}>
              {t.introAccept}
            </button>
            <button type="button" className="btn btn--secondary" onClick={closeEmpty}>
              {t.introDecline}
            </button>
          </div>
        </div>
      </Popup>
    );
  }

  if (stage === 'thanks') {
    return (
      <Popup
        header={t.thanksHeader}
        size={{ width: 330, height: 350, mobile: { width: 341, height: 330 } }}
        onClose={() => end('sent')}
        className="broker-lead"
      >
        <div className="broker-lead__thanks" data-testid="broker-lead-thanks">
          <p>{t.thanksText}</p>
          <button type="button" className="btn btn--primary btn--block" data-autofocus onClick={() => end('sent')}>
            {t.thanksContinue}
          </button>
        </div>
      </Popup>
    );
  }

  const hintId = `broker-lead-hint-${orderId}`;
  const missing = !mayContinue(chosen);
  return (
    <Popup header={t.selectHeader} size={{ width: 745 }} onClose={closeEmpty} className="broker-lead">
      <div data-testid="broker-lead-select" className="broker-lead__body">
        <fieldset className="broker-lead__list">
          <legend>{cityName ? t.selectText(cityName) : t.selectTextNoCity}</legend>
          <ul>
            {brokers.map((broker) => (
              <li key={broker.CustID}>
                <label className="broker-lead__broker">
                  <input
                    type="checkbox"
                    name="brokers"
                    value={broker.CustID}
                    checked={chosen.includes(broker.CustID)}
                    onChange={() => setChosen((list) => toggleBroker(list, broker.CustID))}
                  />
                  <span className="broker-lead__office">{broker.office_name}</span>
                  <span className="broker-lead__city">{broker.cityName}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {missing && (
          <p id={hintId} className="offer-popup__note">
            {t.chooseAtLeastOne}
          </p>
        )}
        <div className="offer-popup__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!mayContinue(chosen) || sending}
            aria-busy={sending || undefined}
            aria-describedby={missing ? hintId : undefined}
            onClick={() => void send()}
          >
            {sending ? t.sending : t.send}
          </button>
        </div>
      </div>
    </Popup>
  );
}
