import { AdvancedDynamicTexture } from '@babylonjs/gui/2D/advancedDynamicTexture';
import { Control } from '@babylonjs/gui/2D/controls/control.pure';
import { Rectangle } from '@babylonjs/gui/2D/controls/rectangle.pure';
import { StackPanel } from '@babylonjs/gui/2D/controls/stackPanel.pure';
import { TextBlock, type TextWrapping } from '@babylonjs/gui/2D/controls/textBlock.pure';
import type { Scene } from '@babylonjs/core/scene';

/** What a callout says about a card or a cluster. */
export interface CalloutContent {
  /** The card this callout belongs to (the leader, for a cluster). */
  slot: number;
  title: string;
  /** Type, photo count, or what a cluster holds. */
  meta: string;
  /** The category colour (`#rrggbb`), shown as a bar down the callout's side. */
  colour: string;
}

/** A point of the canvas, CSS pixels from its top left; `visible` false when it is not seen. */
export interface ScreenPoint {
  x: number;
  y: number;
  visible: boolean;
}

/** Where a card shows on screen: its top centre, top right corner and bottom, CSS pixels. */
export interface CardOnScreen {
  top: ScreenPoint;
  corner: ScreenPoint;
  bottom: ScreenPoint;
}

/** One cluster count to show at the corner of its card. */
export interface Badge {
  slot: number;
  text: string;
  /** Faded with its cluster when no item in it matches the filter. */
  dim: boolean;
}

const CALLOUT_WIDTH = 280;
/** Room beside the callout's text: the colour bar and a margin on the left, a margin on the right. */
const TEXT_LEFT = 16;
const TEXT_RIGHT = 12;
const CALLOUT_GAP = 10;
const EDGE = 8;
const BADGE_HEIGHT = 22;
/** `TextWrapping.WordWrap` (a const enum in the typings, a plain object at run time). */
const WORD_WRAP = 1 as TextWrapping;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/**
 * Texels per CSS pixel of the overlay at most: sharp text on a desktop display or a 1.5× one, and
 * no more on a phone's 2-3× display, where the full-screen layer's re-draw and upload would cost
 * 4-7× the pixels for text a few millimetres high.
 */
const OVERLAY_MAX_RATIO = 1.5;

/**
 * A rounded box placed by its top left corner (CSS pixels from the canvas's), not taking the
 * pointer.
 */
function placedBox(
  name: string,
  style: { radius: number; border: number; color: string; background: string },
): Rectangle {
  const box = new Rectangle(name);
  box.cornerRadius = style.radius;
  box.thickness = style.border;
  box.color = style.color;
  box.background = style.background;
  box.horizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
  box.verticalAlignment = Control.VERTICAL_ALIGNMENT_TOP;
  box.isHitTestVisible = false;
  return box;
}

/**
 * The globe's canvas overlays, on one full-screen `@babylonjs/gui` layer: the callout of the
 * hovered card (or cluster, or the card the list turned to) and the count badges of clusters.
 * Nothing on it takes the pointer: the cards below stay the things to aim at. Positions are in
 * CSS pixels (the layer follows the engine's device-pixel scaling); they are set each rendered
 * frame from the cards' projections, and the layer redraws only when one of them changed.
 */
export class GlobeOverlay {
  private readonly ui: AdvancedDynamicTexture;
  private readonly callout: Rectangle;
  private readonly bar: Rectangle;
  private readonly title: TextBlock;
  private readonly meta: TextBlock;
  private content: CalloutContent | null = null;
  private readonly badgePool: { box: Rectangle; label: TextBlock }[] = [];
  private badges: Badge[] = [];
  private shownBadges = 0;

  constructor(scene: Scene) {
    // Foreground, sampled linearly; its resolution is set by `fit()`, not the engine's.
    this.ui = AdvancedDynamicTexture.CreateFullscreenUI(
      'globe-overlay',
      true,
      scene,
      undefined,
      false,
    );
    this.ui.rootContainer.isHitTestVisible = false;
    this.ui.rootContainer.isPointerBlocker = false;

    const callout = placedBox('callout', {
      radius: 8,
      border: 1,
      color: 'rgba(255, 255, 255, 0.22)',
      background: 'rgba(11, 20, 38, 0.94)',
    });
    callout.widthInPixels = CALLOUT_WIDTH;
    callout.adaptHeightToChildren = true;
    callout.isVisible = false;
    // Above the count badges, which come later.
    callout.zIndex = 1;
    callout.shadowColor = 'rgba(0, 0, 0, 0.45)';
    callout.shadowBlur = 12;
    callout.shadowOffsetY = 3;

    const bar = new Rectangle('callout-colour');
    bar.widthInPixels = 6;
    bar.thickness = 0;
    bar.horizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    bar.isHitTestVisible = false;
    callout.addControl(bar);

    const text = new StackPanel('callout-text');
    text.isVertical = true;
    text.paddingLeftInPixels = TEXT_LEFT;
    text.paddingTopInPixels = 9;
    text.paddingBottomInPixels = 10;
    text.isHitTestVisible = false;
    const title = new TextBlock('callout-title');
    title.fontFamily = FONT;
    title.fontSizeInPixels = 15;
    title.fontWeight = '600';
    title.color = '#ffffff';
    // A fixed width: lines break within it (the panel's padding is not seen by the line breaking).
    title.widthInPixels = CALLOUT_WIDTH - TEXT_LEFT - TEXT_RIGHT;
    title.horizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    title.textWrapping = WORD_WRAP;
    title.resizeToFit = true;
    title.textHorizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    title.isHitTestVisible = false;
    const meta = new TextBlock('callout-meta');
    meta.fontFamily = FONT;
    meta.fontSizeInPixels = 13;
    meta.color = '#c4d3ea';
    meta.widthInPixels = CALLOUT_WIDTH - TEXT_LEFT - TEXT_RIGHT;
    meta.horizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    meta.textWrapping = WORD_WRAP;
    meta.resizeToFit = true;
    meta.paddingTopInPixels = 3;
    meta.textHorizontalAlignment = Control.HORIZONTAL_ALIGNMENT_LEFT;
    meta.isHitTestVisible = false;
    text.addControl(title);
    text.addControl(meta);
    callout.addControl(text);
    this.ui.addControl(callout);
    this.callout = callout;
    this.bar = bar;
    this.title = title;
    this.meta = meta;
  }

  /**
   * Sizes the layer for a canvas of `css` CSS pixels drawn at `ratio` device pixels per CSS
   * pixel: its texture has at most OVERLAY_MAX_RATIO texels per CSS pixel, and its controls keep
   * CSS-pixel positions. Call it when the engine was resized.
   */
  fit(css: { width: number; height: number }, ratio: number): void {
    const scale = Math.min(ratio, OVERLAY_MAX_RATIO);
    this.ui.renderScale = scale / ratio;
    const root = this.ui.rootContainer;
    root.scaleX = scale;
    root.scaleY = scale;
    root.widthInPixels = css.width;
    root.heightInPixels = css.height;
    this.ui.markAsDirty();
  }

  /** What the callout shows now (null: hidden). */
  get current(): CalloutContent | null {
    return this.content;
  }

  /** Where the callout is drawn, CSS pixels (its top left and size), while shown. */
  get calloutBox(): { left: number; top: number; width: number; height: number } | null {
    if (!this.content || !this.callout.isVisible) return null;
    return {
      left: this.callout.leftInPixels,
      top: this.callout.topInPixels,
      width: this.callout.widthInPixels,
      height: this.callout.heightInPixels,
    };
  }

  /** Shows the callout for a card or cluster, or hides it with `null`. */
  setCallout(content: CalloutContent | null): void {
    this.content = content;
    if (!content) {
      this.callout.isVisible = false;
      return;
    }
    // Text, never markup: the GUI draws strings as they are.
    this.title.text = content.title;
    this.meta.text = content.meta;
    this.bar.background = content.colour;
  }

  /** The clusters whose counts show (replacing the previous list). */
  setBadges(badges: Badge[]): void {
    this.badges = badges;
  }

  /** Whether the layer is drawn (a full-screen pass: only while a badge or the callout shows). */
  get drawing(): boolean {
    return this.ui.layer?.isEnabled ?? false;
  }

  /** How many badges were drawn at the last frame (on screen and facing the camera). */
  get visibleBadges(): number {
    return this.shownBadges;
  }

  /**
   * Places everything for the frame about to be drawn. `locate` says where a card shows (null
   * when it is not drawn); `size` is the canvas in CSS pixels.
   */
  frame(locate: (slot: number) => CardOnScreen | null, size: { width: number; height: number }) {
    let shown = 0;
    for (const badge of this.badges) {
      const at = locate(badge.slot)?.corner;
      if (!at?.visible) continue;
      const entry = this.badgeAt(shown++);
      entry.label.text = badge.text;
      const width = Math.max(BADGE_HEIGHT, 12 + badge.text.length * 8);
      entry.box.widthInPixels = width;
      entry.box.leftInPixels = Math.round(at.x - width / 2);
      entry.box.topInPixels = Math.round(at.y - BADGE_HEIGHT / 2);
      entry.box.alpha = badge.dim ? 0.55 : 1;
      entry.box.isVisible = true;
    }
    for (let i = shown; i < this.shownBadges; i++)
      (this.badgePool[i] as { box: Rectangle }).box.isVisible = false;
    this.shownBadges = shown;

    const content = this.content;
    const where = content ? locate(content.slot) : null;
    if (!content || !where || !where.top.visible) {
      this.callout.isVisible = false;
    } else {
      const height = this.callout.heightInPixels || 56;
      const left = Math.min(
        Math.max(EDGE, where.top.x - CALLOUT_WIDTH / 2),
        Math.max(EDGE, size.width - CALLOUT_WIDTH - EDGE),
      );
      // Above the card, or below it where the top of the canvas leaves no room.
      let top = where.top.y - CALLOUT_GAP - height;
      if (top < EDGE) top = Math.min(size.height - height - EDGE, where.bottom.y + CALLOUT_GAP);
      this.callout.leftInPixels = Math.round(left);
      this.callout.topInPixels = Math.round(Math.max(EDGE, top));
      this.callout.isVisible = true;
    }
    // Nothing to draw: the layer is skipped, no full-screen pass.
    const layer = this.ui.layer;
    if (layer) layer.isEnabled = shown > 0 || this.callout.isVisible;
  }

  private badgeAt(index: number): { box: Rectangle; label: TextBlock } {
    let entry = this.badgePool[index];
    if (entry) return entry;
    const box = placedBox(`badge-${index}`, {
      radius: BADGE_HEIGHT / 2,
      border: 2,
      color: '#ffffff',
      background: '#0b3a66',
    });
    box.heightInPixels = BADGE_HEIGHT;
    const label = new TextBlock(`badge-${index}-count`);
    label.fontFamily = FONT;
    label.fontSizeInPixels = 12;
    label.fontWeight = '700';
    label.color = '#ffffff';
    label.isHitTestVisible = false;
    box.addControl(label);
    this.ui.addControl(box);
    entry = { box, label };
    this.badgePool.push(entry);
    return entry;
  }

  dispose(): void {
    this.ui.dispose();
  }
}
