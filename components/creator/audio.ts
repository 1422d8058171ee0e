// The sound preview, synthesised with Web Audio (no sound files): a hum of
// detuned oscillators through a low-pass filter with a slow wobble, a swing
// (a pitch and loudness sweep of the hum), a clash (a noise burst over a
// bright tone) and ignition/retraction sweeps, shaped per sound font. The
// context is made only on a user gesture (browsers require it, and nothing
// should play unasked).

interface Font {
  /** Hum base frequency (Hz). */
  base: number;
  wave: OscillatorType;
  /** Second oscillator's detune in cents: beating, "life" in the hum. */
  detune: number;
  /** Low-pass cut-off (Hz). */
  filter: number;
  /** Wobble rate (Hz) and depth (0-1). */
  lfo: number;
  depth: number;
  /** Clash tone (Hz). */
  clash: number;
  /** Loudness of the hum (0-1); 0 for a silent font. */
  level: number;
}

const FONTS: Record<string, Font> = {
  classic: { base: 90, wave: "sawtooth", detune: 9, filter: 420, lfo: 0.6, depth: 0.15, clash: 1400, level: 0.5 },
  dark: { base: 55, wave: "sawtooth", detune: 22, filter: 260, lfo: 0.35, depth: 0.3, clash: 700, level: 0.6 },
  crystal: { base: 180, wave: "triangle", detune: 5, filter: 1800, lfo: 1.4, depth: 0.12, clash: 2600, level: 0.35 },
  ancient: { base: 70, wave: "square", detune: 14, filter: 330, lfo: 0.25, depth: 0.25, clash: 900, level: 0.35 },
  electric: { base: 120, wave: "sawtooth", detune: 35, filter: 900, lfo: 7, depth: 0.35, clash: 2000, level: 0.4 },
  silent: { base: 90, wave: "sine", detune: 0, filter: 400, lfo: 0.5, depth: 0, clash: 1200, level: 0 },
};

/** The font of a sound id; an unknown id (a new font in the content) gets a stable variation of classic. */
export function fontOf(id: string): Font {
  const known = FONTS[id];
  if (known) return known;
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return { ...FONTS.classic!, base: 60 + (h % 90), detune: 5 + (h % 25) };
}

type Hum = { oscs: OscillatorNode[]; lfo: OscillatorNode; gain: GainNode; filter: BiquadFilterNode };

export class SaberAudio {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private hum: Hum | null = null;
  private font: Font = FONTS.classic!;
  private volume = 0.6;
  private muted = false;

  /** Whether the hum plays. */
  get playing(): boolean {
    return this.hum !== null;
  }

  /** Starts the hum with a font (call from a click or key handler). */
  start(sound: string): boolean {
    const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return false;
    if (!this.ctx) {
      this.ctx = new Ctx();
      this.master = this.ctx.createGain();
      this.master.connect(this.ctx.destination);
      this.applyVolume();
    }
    void this.ctx.resume();
    this.setFont(sound);
    this.sweep(true);
    return true;
  }

  stop(): void {
    if (!this.ctx || !this.hum) return;
    this.sweep(false);
    const hum = this.hum;
    this.hum = null;
    const end = this.ctx.currentTime + 0.45;
    hum.gain.gain.setTargetAtTime(0, this.ctx.currentTime, 0.1);
    for (const o of [...hum.oscs, hum.lfo]) o.stop(end);
  }

  /** Closes the context (the island unmounts). */
  close(): void {
    this.hum = null;
    void this.ctx?.close();
    this.ctx = null;
  }

  /** Switches the hum to another font (restarting it if it plays). */
  setFont(sound: string): void {
    this.font = fontOf(sound);
    if (!this.ctx) return;
    if (this.hum) {
      const old = this.hum;
      this.hum = null;
      old.gain.gain.setTargetAtTime(0, this.ctx.currentTime, 0.05);
      for (const o of [...old.oscs, old.lfo]) o.stop(this.ctx.currentTime + 0.3);
    }
    this.hum = this.makeHum();
  }

  setVolume(v: number): void {
    this.volume = Math.max(0, Math.min(1, v));
    this.applyVolume();
  }

  setMuted(m: boolean): void {
    this.muted = m;
    this.applyVolume();
  }

  private applyVolume(): void {
    if (this.ctx && this.master) this.master.gain.setTargetAtTime(this.muted ? 0 : this.volume * 0.5, this.ctx.currentTime, 0.02);
  }

  private makeHum(): Hum | null {
    const ctx = this.ctx!;
    const f = this.font;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    gain.gain.setTargetAtTime(f.level * 0.5, ctx.currentTime, 0.08);
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = f.filter;
    filter.Q.value = 4;
    filter.connect(gain).connect(this.master!);
    const oscs = [0, f.detune, 1200].map((cents, i) => {
      const o = ctx.createOscillator();
      o.type = i === 2 ? "sine" : f.wave;
      o.frequency.value = f.base;
      o.detune.value = cents;
      const g = ctx.createGain();
      g.gain.value = i === 2 ? 0.25 : 0.5;
      o.connect(g).connect(filter);
      o.start();
      return o;
    });
    // The wobble moves the filter and the loudness a little.
    const lfo = ctx.createOscillator();
    lfo.frequency.value = f.lfo;
    const lfoGain = ctx.createGain();
    lfoGain.gain.value = f.filter * f.depth;
    lfo.connect(lfoGain).connect(filter.frequency);
    lfo.start();
    return { oscs, lfo, gain, filter };
  }

  /** Ignition (up) or retraction (down): a quick pitch sweep of noise and tone. */
  private sweep(up: boolean): void {
    const ctx = this.ctx;
    if (!ctx || this.font.level === 0) return;
    const t = ctx.currentTime;
    const o = ctx.createOscillator();
    o.type = "sawtooth";
    const [from, to] = up ? [this.font.base * 0.5, this.font.base * 4] : [this.font.base * 4, this.font.base * 0.5];
    o.frequency.setValueAtTime(from, t);
    o.frequency.exponentialRampToValueAtTime(to, t + 0.35);
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(0.35, t + 0.05);
    g.gain.exponentialRampToValueAtTime(0.0001, t + 0.5);
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = this.font.filter * 3;
    o.connect(filter).connect(g).connect(this.master!);
    o.start(t);
    o.stop(t + 0.55);
  }

  /** A swing: the hum rises in pitch and loudness and falls back. */
  swing(): void {
    const ctx = this.ctx;
    const hum = this.hum;
    if (!ctx || !hum) return;
    const t = ctx.currentTime;
    for (const o of hum.oscs) {
      o.frequency.cancelScheduledValues(t);
      o.frequency.setValueAtTime(this.font.base, t);
      o.frequency.linearRampToValueAtTime(this.font.base * 1.35, t + 0.18);
      o.frequency.linearRampToValueAtTime(this.font.base, t + 0.5);
    }
    hum.filter.frequency.cancelScheduledValues(t);
    hum.filter.frequency.setValueAtTime(this.font.filter, t);
    hum.filter.frequency.linearRampToValueAtTime(this.font.filter * 2.5, t + 0.18);
    hum.filter.frequency.linearRampToValueAtTime(this.font.filter, t + 0.5);
  }

  /** A clash: white noise and a bright tone, short. */
  clash(): void {
    const ctx = this.ctx;
    if (!ctx || this.font.level === 0) return;
    const t = ctx.currentTime;
    const len = Math.floor(ctx.sampleRate * 0.3);
    const buf = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
    const noise = ctx.createBufferSource();
    noise.buffer = buf;
    const band = ctx.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = this.font.clash;
    band.Q.value = 0.8;
    const g = ctx.createGain();
    g.gain.value = 0.9;
    noise.connect(band).connect(g).connect(this.master!);
    noise.start(t);
    const tone = ctx.createOscillator();
    tone.type = "square";
    tone.frequency.setValueAtTime(this.font.clash, t);
    tone.frequency.exponentialRampToValueAtTime(this.font.clash / 3, t + 0.25);
    const tg = ctx.createGain();
    tg.gain.setValueAtTime(0.2, t);
    tg.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
    tone.connect(tg).connect(this.master!);
    tone.start(t);
    tone.stop(t + 0.3);
  }
}
