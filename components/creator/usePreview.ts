// The live preview: which preset the blade shows, whether it is lit, the
// replays of ignition and clash, and the synthesised sound (Web Audio,
// started only by a click). The Web Audio code is a chunk of its own,
// fetched when the shopper reaches for the sound (pointer or focus on its
// button) and not before
// (docs/decisions/creator.md#sound-is-synthesised-and-only-when-asked-for).
import { useEffect, useRef, useState } from "react";
import type { SaberAudio } from "./audio";
import type { Design, Preset } from "./design";

type AudioModule = typeof import("./audio");
let audioModule: AudioModule | undefined;
let audioLoading: Promise<AudioModule> | undefined;

/** Starts fetching the sound code (once); resolves with it. */
export function loadAudio(): Promise<AudioModule> {
  audioLoading ??= import("./audio").then((m) => (audioModule = m));
  return audioLoading;
}

export interface SoundState {
  playing: boolean;
  volume: number;
  muted: boolean;
  /** The browser has no Web Audio. */
  unsupported: boolean;
}

export interface Preview {
  /** The index of the preset shown. */
  active: number;
  preset?: Preset;
  lit: boolean;
  /** Change to replay the ignition, or the clash flash. */
  igniteKey: number;
  clashKey: number;
  sound: SoundState;
  choosePreset: (i: number) => void;
  /** Shows what a change to a preset does (ignition, colour, sound). */
  presetChanged: (change: Partial<Preset>) => void;
  toggleLit: () => void;
  clash: () => void;
  toggleSound: () => void;
  /** The shopper is about to use the sound: fetch its code now. */
  warmSound: () => void;
  swing: () => void;
  setVolume: (v: number) => void;
  setMuted: (muted: boolean) => void;
}

export function usePreview(design: Design): Preview {
  const [active, setActive] = useState(0);
  const [lit, setLit] = useState(true);
  const [igniteKey, setIgniteKey] = useState(0);
  const [clashKey, setClashKey] = useState(0);
  const [sound, setSound] = useState<SoundState>({ playing: false, volume: 0.6, muted: false, unsupported: false });
  const audio = useRef<SaberAudio | null>(null);
  const preset = design.presets[active] ?? design.presets[0];

  useEffect(() => () => audio.current?.close(), []);

  function replay() {
    setLit(true);
    setIgniteKey((k) => k + 1);
  }

  function toggleSound() {
    // Fetched by warmSound in the pointer press before this click as a
    // rule; otherwise the first press waits for it (still within the
    // page's user activation, which Web Audio needs).
    if (!audioModule) {
      void loadAudio().then(() => toggleSound());
      return;
    }
    const a = (audio.current ??= new audioModule.SaberAudio());
    if (a.playing) {
      a.stop();
      setSound((s) => ({ ...s, playing: false }));
      return;
    }
    a.setVolume(sound.volume);
    a.setMuted(sound.muted);
    const ok = a.start(preset?.sound ?? "");
    if (ok) setLit(true);
    setSound((s) => ({ ...s, playing: ok, unsupported: !ok }));
  }

  return {
    active,
    preset,
    lit,
    igniteKey,
    clashKey,
    sound,
    choosePreset(i) {
      setActive(i);
      replay();
      const s = design.presets[i]?.sound;
      if (s && audio.current?.playing) audio.current.setFont(s);
    },
    presetChanged(change) {
      if (change.ignition || change.effect || change.color) replay();
      if (change.sound && audio.current?.playing) audio.current.setFont(change.sound);
    },
    toggleLit() {
      const next = !lit;
      setLit(next);
      setIgniteKey((k) => k + 1);
      if (audio.current?.playing && !next) {
        audio.current.stop();
        setSound((s) => ({ ...s, playing: false }));
      }
    },
    clash() {
      setClashKey((k) => k + 1);
      audio.current?.clash();
    },
    warmSound: () => void loadAudio(),
    toggleSound,
    swing: () => audio.current?.swing(),
    setVolume(v) {
      audio.current?.setVolume(v);
      setSound((s) => ({ ...s, volume: v }));
    },
    setMuted(muted) {
      audio.current?.setMuted(muted);
      setSound((s) => ({ ...s, muted }));
    },
  };
}
