/**
 * A short two-tone chime made with Web Audio (no sound file to download or cache). Browsers only allow
 * audio after a user gesture on the page, so `unlock` must run from a click once; until then `play` is silent
 * and `blocked` says so, which the status screen shows as a "turn sound on" button.
 */
export class Chime {
  private context: AudioContext | undefined;

  get blocked(): boolean {
    return !this.context || this.context.state !== 'running';
  }

  /** Creates or resumes the audio context; call from a user gesture, or on load to try the autoplay policy. */
  async unlock(): Promise<boolean> {
    if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return false;
    this.context ??= new window.AudioContext();
    if (this.context.state === 'suspended') await this.context.resume().catch(() => undefined);
    return this.context.state === 'running';
  }

  play(): void {
    const context = this.context;
    if (!context || context.state !== 'running') return;
    const start = context.currentTime + 0.02;
    // Ding-dong: a high tone then a lower one, each with a quick attack and a soft decay.
    [
      { frequency: 1046.5, at: 0 },
      { frequency: 784, at: 0.28 },
    ].forEach(({ frequency, at }) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.4, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.9);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + 1);
    });
  }
}
