import type { StepDef } from '@app/form-engine/model';
import type { Resolution } from '@app/form-engine/resolution';
import { useEffect, useId, useMemo, useState } from 'react';
import { heDebug as t } from '../../../shared/i18n/index.ts';
import { debugCounts } from './debugCounts.ts';
import { type DebugSettings, readDebugSettings, writeDebugSettings } from './debugSettings.ts';
import './debug.css';

export interface DebugPanelProps {
  steps: readonly StepDef[];
  resolution: Resolution;
  current: number;
  lastValidStep: number;
}

const TOGGLES: (keyof DebugSettings)[] = ['fieldIds', 'leaveWarning', 'logValues'];

/**
 * The debug control panel (publish-wizard.md §6, after-save-area.md §2): shown to debug-mode customers only (the
 * login's debugMode), lazy-loaded. Field and dependency counts of the wizard as it stands, and the toggles (cookie,
 * 43,200 minutes): field ids on the fields, the leave-page warning, the values logged to the console.
 */
export default function DebugPanel({ steps, resolution, current, lastValidStep }: DebugPanelProps) {
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [settings, setSettings] = useState<DebugSettings>(() => readDebugSettings());
  const counts = useMemo(() => debugCounts(steps, resolution, current), [steps, resolution, current]);

  useEffect(() => {
    document.body.classList.toggle('debug-field-ids', settings.fieldIds);
    return () => document.body.classList.remove('debug-field-ids');
  }, [settings.fieldIds]);

  useEffect(() => {
    if (settings.logValues) console.debug('[debug] values', resolution.values);
  }, [settings.logValues, resolution.values]);

  const toggle = (key: keyof DebugSettings) => {
    const next = { ...settings, [key]: !settings[key] };
    writeDebugSettings(next);
    setSettings(next);
  };

  const rows: [string, string][] = [
    [t.fields, String(counts.fields)],
    [t.visible, String(counts.visible)],
    [t.stepFields, `${counts.stepFields} (${counts.stepVisible})`],
    [t.dependentFields, String(counts.dependentFields)],
    [t.dependencies, String(counts.dependencies)],
    [t.step, `${current} / ${lastValidStep}`],
  ];
  return (
    <aside className="debug-panel" aria-labelledby={titleId} data-testid="debug-panel">
      <div className="debug-panel__head">
        <h2 id={titleId} className="debug-panel__title">
          {t.title}
        </h2>
        <button type="button" className="btn btn--link" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {open ? t.hide : t.show}
        </button>
      </div>
      {open && (
        <>
          <p className="debug-panel__lead">{t.lead}</p>
          <h3 className="visually-hidden">{t.countsLabel}</h3>
          <dl className="debug-panel__counts" data-testid="debug-counts">
            {rows.map(([label, value]) => (
              <div key={label} className="debug-panel__count">
                <dt>{label}</dt>
                <dd>
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <fieldset className="debug-panel__toggles">
            <legend>{t.togglesLabel}</legend>
            {TOGGLES.map((key) => (
              <label key={key} className="debug-panel__toggle">
                <input type="checkbox" checked={settings[key]} onChange={() => toggle(key)} data-toggle={key} />
                {t[key]}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </aside>
  );
}
