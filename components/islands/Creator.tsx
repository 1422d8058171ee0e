// The custom saber creator: the hilt from three slots, the generator, the
// button behaviour and the presets (light and sound), with a live preview,
// the full price, a shareable link (the design lives in the URL) and the
// way into the basket, or back into the basket line it was opened from.
// The state lives in three hooks: useDesign (the design and its link),
// usePreview (blade and sound) and useAddToBasket.
import "./creator.css";
import type { NotifyMeProps } from "./NotifyMe";
import { useMemo, useRef, type ReactNode } from "react";
import { useIslandId } from "../islandId";
import type { CreatorData } from "../generated/pagedata";
import { Blade } from "../creator/Blade";
import { useCssVars } from "../creator/cssVars";
import { bladeColor, priceOf, type Preset } from "../creator/design";
import { Hilt } from "../creator/Hilt";
import { HiltThumb } from "../creator/HiltThumb";
import { PartPicker } from "../creator/PartPicker";
import { Later, useGates } from "../creator/Later";
import { loadPresetEditor, PresetDesigner } from "../creator/presetEditorChunk";
import type { FirstClick } from "../cart/firstClick";
import { BuyBox } from "../creator/BuyBox";
import { useDesign } from "../creator/useDesign";
import { usePreview } from "../creator/usePreview";
import { translator, type Bundle } from "../i18n";
import { formatOf, groupDigits } from "../formats";
import { formatMoney } from "../money";
import { showToast } from "../toast";

export interface CreatorProps {
  locale: string;
  currency: string;
  creator: CreatorData;
  basketHref: string;
  /** The build's flag (site.orders_open); the daemon's answer replaces it. */
  ordersOpen: boolean;
  /** The footer's signup, for the paused modal. */
  notify: NotifyMeProps;
  /** creator_ui.*, price.*, product.* and orders.* messages. */
  messages: Bundle;
  /** Set by the loader, never by the build: the presses it handled before hydration. */
  firstClick?: FirstClick;
}

export default function Creator(p: CreatorProps) {
  const t = translator(p.locale, p.messages);
  const money = (minor: number) => formatMoney(p.locale, minor, p.currency);
  const id = useIslandId();
  const cat = p.creator;
  const d = useDesign(cat);
  const { design, edit, setPart, editLine, notice } = d;
  const preview = usePreview(design);
  const { preset, active, lit, igniteKey, clashKey, sound } = preview;
  const price = priceOf(design, cat, cat.base_price.amount);
  const glow = preset ? bladeColor(preset) : "#ff2a3d";
  // The glow on the two elements that draw it, not on the island's root: a
  // custom property set there restyled all of the creator's 540 elements
  // after hydration (24 ms unthrottled, a long task at 4x CPU).
  const stageRef = useCssVars<HTMLElement>({ "--stage-glow": glow });
  const rootRef = useRef<HTMLDivElement>(null);
  // The stage and the hilt's pickers hydrate with the island; the sections
  // below them after its first paint, one per task, and the presets (with
  // the preset designer's code) when the shopper comes to them
  // (creator/Later.tsx).
  const gates = useGates(rootRef, ["generator", "button", "buy"], { presets: loadPresetEditor });
  const names = useMemo(
    () => cat.slots.map((s) => s.options.find((o) => o.id === design.parts[s.id])?.name ?? "").join(", "),
    [cat, design.parts],
  );

  function changePreset(i: number, change: Partial<Preset>) {
    edit((x) => ({ ...x, presets: x.presets.map((pr, n) => (n === i ? { ...pr, ...change } : pr)) }));
    preview.presetChanged(change);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(d.link());
      showToast(t("creator_ui.link_copied"), "success");
    } catch {
      showToast(t("creator_ui.copy_failed"), "info");
    }
  }

  const effectName = cat.options.effects.find((e) => e.id === preset?.effect)?.name ?? "";
  const combos = cat.slots.reduce((n, s) => n * s.options.length, 1) * Math.max(cat.generators.length, 1);

  // The stage and section 1 hydrate with the island; each <Later> part is
  // one element with data-later, hydrated when its gate opens (Preact's
  // suspended hydration: creator/Later.tsx,
  // docs/decisions/creator.md#the-creator-hydrates-in-parts).
  return (
    <div className="creator" ref={rootRef}>
      {notice && (
        <div className="notice notice--warn creator__notice" role="alert">
          <p>{notice.kind === "outdated" ? t("creator_ui.link_outdated") : t("creator_ui.link_fallback", { count: notice.count })}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={d.dismissNotice}>
            {t("creator_ui.dismiss")}
          </button>
        </div>
      )}
      {editLine !== null && (
        <div className="notice creator__notice" role="status">
          <p>{t("creator_ui.editing")}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={d.detachLine}>
            {t("creator_ui.edit_as_new")}
          </button>
        </div>
      )}

      <section
        className="creator__stage"
        aria-label={t("creator_ui.stage_label", { parts: names })}
        ref={stageRef}
      >
        <div className="stage">
          {preset && (
            <Blade
              preset={preset}
              lit={lit}
              igniteKey={igniteKey}
              clashKey={clashKey}
              label={t("creator_ui.blade_label", { n: active + 1, effect: effectName })}
            />
          )}
          <Hilt slots={cat.slots} parts={design.parts} onStep={d.step} t={t} />
        </div>
        <div className="stage__price" aria-live="polite">
          <span className="stage__price-label">{t("creator_ui.full_price")}</span>
          <span className="stage__price-value" data-testid="creator-price">{money(price)}</span>
        </div>
      </section>

      <div className="creator__controls">
        <section className="creator__section" aria-labelledby={`${id}-hilt`}>
          <h2 id={`${id}-hilt`} className="creator__title">
            <span className="creator__step" aria-hidden="true">1</span> {t("creator_ui.hilt_title")}
          </h2>
          <p className="creator__hint">
            {t("creator_ui.hilt_hint")} {t("creator_ui.combinations", { count: groupDigits(formatOf(p.locale), combos) })}
          </p>
          {cat.slots.map((s) => (
            <PartPicker
              key={s.id}
              name={`${id}-${s.id}`}
              legend={s.name}
              options={s.options}
              value={design.parts[s.id] ?? ""}
              onChange={(v) => setPart(s.id, v)}
              t={t}
            />
          ))}
        </section>

        <Later
          gate={gates.generator}
          render={() => (
            <section className="creator__section" aria-labelledby={`${id}-gen`} data-later="generator">
              <h2 id={`${id}-gen`} className="creator__title">
                <span className="creator__step" aria-hidden="true">2</span> {t("creator_ui.generator_title")}
              </h2>
              <PartPicker
                name={`${id}-generator`}
                legend={t("creator_ui.generator_title")}
                options={cat.generators}
                value={design.generator}
                onChange={(v) => edit((x) => ({ ...x, generator: v }))}
                t={t}
              />
            </section>
          )}
        />

        <Later
          gate={gates.presets}
          render={() => (
            <section className="creator__section" aria-labelledby={`${id}-presets`} data-later="presets">
              <h2 id={`${id}-presets`} className="creator__title">
                <span className="creator__step" aria-hidden="true">3</span> {t("creator_ui.presets_title")}
              </h2>
              <p className="creator__hint">{t("creator_ui.presets_hint", { count: cat.presets })}</p>
              {preset && (
                <PreviewSaber glow={glow}>
                  <HiltThumb slots={cat.slots} parts={design.parts} label={names} />
                  <Blade preset={preset} lit={lit} igniteKey={igniteKey} clashKey={clashKey} label={t("creator_ui.blade_label", { n: active + 1, effect: effectName })} lying />
                </PreviewSaber>
              )}
              <div className="preview" role="group" aria-label={t("creator_ui.preview_title")}>
                <button type="button" className="btn btn--ghost btn--sm" onClick={preview.toggleLit} aria-pressed={lit}>
                  {lit ? t("creator_ui.retract") : t("creator_ui.ignite")}
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={preview.clash}>
                  {t("creator_ui.clash_button")}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={preview.toggleSound}
                  onPointerDown={preview.warmSound}
                  onFocus={preview.warmSound}
                  aria-pressed={sound.playing}
                >
                  {sound.playing ? t("creator_ui.sound_stop") : t("creator_ui.sound_start")}
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={preview.swing} disabled={!sound.playing}>
                  {t("creator_ui.swing")}
                </button>
                <div className="preview__volume">
                  <label htmlFor={`${id}-volume`}>
                    {t("creator_ui.volume")}
                  </label>
                  <input
                    id={`${id}-volume`}
                    type="range"
                    className="range"
                    min={0}
                    max={100}
                    value={Math.round(sound.volume * 100)}
                    aria-valuetext={`${Math.round(sound.volume * 100)} %`}
                    onChange={(e) => preview.setVolume(Number(e.target.value) / 100)}
                  />
                  <label className="checkbox preview__mute">
                    <input
                      type="checkbox"
                      checked={sound.muted}
                      onChange={(e) => preview.setMuted(e.target.checked)}
                    />
                    <span>{t("creator_ui.mute")}</span>
                  </label>
                </div>
                {sound.unsupported && <p className="field-error">{t("creator_ui.no_audio")}</p>}
                <p className="preview__reduced">{t("creator_ui.reduced_motion")}</p>
              </div>
              <PresetDesigner
                id={`${id}-preset`}
                options={cat.options}
                presets={design.presets}
                active={active}
                onActive={preview.choosePreset}
                onChange={changePreset}
                t={t}
              />
            </section>
          )}
        />

        <Later
          gate={gates.button}
          render={() => (
            <section className="creator__section" aria-labelledby={`${id}-button`} data-later="button">
              <h2 id={`${id}-button`} className="creator__title">
                <span className="creator__step" aria-hidden="true">4</span> {t("creator_ui.button_title")}
              </h2>
              <fieldset className="choices">
                <legend className="visually-hidden">{t("creator_ui.button_title")}</legend>
                {cat.options.buttons.map((b) => (
                  <label className="choices__option" key={b.id}>
                    <input type="radio" name={`${id}-button`} value={b.id} checked={design.button === b.id} onChange={() => edit((x) => ({ ...x, button: b.id }))} />
                    <span>{b.name}</span>
                  </label>
                ))}
              </fieldset>
            </section>
          )}
        />

        <Later
          gate={gates.buy}
          render={() => (
            <BuyBox
              id={`${id}-buy`}
              locale={p.locale}
              currency={p.currency}
              ordersOpen={p.ordersOpen}
              basketHref={p.basketHref}
              notify={p.notify}
              firstClick={p.firstClick}
              creator={cat}
              design={d}
              names={names}
              price={price}
              t={t}
              onCopyLink={copyLink}
            />
          )}
        />
      </div>
    </div>
  );
}

/** The presets' picture of the saber lying down, in the stage's glow. */
function PreviewSaber({ glow, children }: { glow: string; children: ReactNode }) {
  const ref = useCssVars<HTMLDivElement>({ "--stage-glow": glow });
  return (
    <div className="preview-saber" ref={ref}>
      {children}
    </div>
  );
}
