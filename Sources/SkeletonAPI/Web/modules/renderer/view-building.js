// A view's DOM, built from its layout (the first part of SkeletonView: view.js).

import { alignments, applyModifiers, corners, div, followRatio, overlaid, place, renderValue, stretchable, wantsReducedMotion, wrap, wrappedRow } from './dom.js';
import { shareColumns } from './columns.js';
import { ShimmerGroup, registerPhase } from './shimmer.js';
import { ElementSlot, findNode } from './slot.js';
import { format, readStrings } from './strings.js';
import { number, px, rgba, round } from './values.js';
import { beside } from '../shared/wrapping.js';

/** Builds a layout's DOM into a container, one ElementSlot per loading element; SkeletonView (view.js) is the whole view. */
export class ViewBuilding {
  constructor(layout, container, options) {
    this.layout = layout;
    this.container = container;
    this.options = options;
    /** The texts it shows and announces (`STRINGS`, replaced). */
    this.strings = readStrings(options.strings);
    /** Ids asked for that the layout has no element for, each warned about once. */
    this.unknown = new Set();
    this.groups = [];
    this.slots = new Map();
    this.sessions = new Set();
    this.startedAt = performance.now();
    /** Frozen (`at`): the instant of the load drawn, in ms; nothing moves and no timer runs. Else null. */
    this.frozenAt = options.frozenAt;
    /** Frozen: how far into its transition the element being changed is (`freeze`), else null. */
    this.frozenMoment = null;
    /** The schedule of the load followed (`loadSchedule`), fetched once for wrappers frozen alone. */
    this.schedule = null;
    /** Frozen: the transitions held paused, cancelled by `destroy` (some run on the page's own content). */
    this.held = [];
    this.shown = layout.showDelayMs === 0 || (this.frozenAt !== null && this.frozenAt >= layout.showDelayMs);
    // Real ms an element may load before it fails with `timeout`: `timeoutMs` of the session's time.
    // A session's own timeout failure (its message says more) is given 100 ms more to arrive.
    this.timeoutMs = (options.timeoutMs ?? layout.timeoutMs) / number(Number(options.speed ?? 1), 0.1, 100, 1) + (options.follows ? 100 : 0);
    /** Transitions playing, and whether `skeleton-complete` was sent for the states as they are. */
    this.fading = 0;
    this.completed = false;
    /** The elements whose `skeleton-drift` was sent (once per element per load). */
    this.drifted = new Set();
    this.destroyed = false;
    this.prefersReduced = wantsReducedMotion();
    this.canAnimate = registerPhase();
    this.resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.relayout()) : null;
    this.wraps = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
      for (const entry of entries) this.drawLines(entry.target, wrap(entry.target.paragraph.node, entry.contentRect.width));
    }) : null;

    this.root = div('screen');
    Object.assign(this.root.style, {
      direction: layout.direction, position: 'relative', boxSizing: 'border-box', width: '100%', height: '100%',
      overflow: 'hidden', display: 'flex', flexDirection: 'column',
    });
    this.root.dataset.screen = layout.screen;
    this.root.dataset.theme = layout.theme;
    this.root.dataset.motion = layout.motion;
    this.root.dataset.direction = layout.direction;
    this.live = div('announcements');
    this.live.setAttribute('role', 'status');
    this.live.setAttribute('aria-live', 'polite');
    for (const [name, value] of Object.entries({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' })) this.live.style[name] = value;
    if (options.inPlace) {
      // In place the view shows the page itself (the host's children); each element is drawn
      // over its `<skeleton-element>` (`attach`). Every element has its slot from the start, so
      // that a session or the app can reveal one whose wrapper is not in the page yet.
      this.root = document.createElement('slot');
      for (const info of layout.elements.values()) {
        const found = findNode(layout.root, info.id);
        if (!found) continue;
        const slot = this.newSlot(info, found.node);
        slot.shimmers = found.shimmers;
        slot.shownAt = this.startedAt + layout.showDelayMs;
        this.arm(slot);
      }
    } else if (layout.root) {
      this.root.append(this.build(layout.root, { mode: 'skeleton', group: null, parentAxis: 'root' }));
    }
    container.replaceChildren(this.root, this.live);
    if (!this.shown && this.frozenAt === null) {
      this.showTimer = setTimeout(() => this.show(), layout.showDelayMs);
    }
    this.motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
    this.onMotionChange = () => {
      this.prefersReduced = this.motionQuery.matches;
      this.refresh();
    };
    this.motionQuery?.addEventListener('change', this.onMotionChange);
    // Content the app puts in (or takes out of) the host later is hidden or shown as its element is.
    this.hostChanges = options.host && typeof MutationObserver === 'function' ? new MutationObserver(() => {
      for (const slot of this.slots.values()) if (slot.element) this.describe(slot);
    }) : null;
    this.hostChanges?.observe(options.host, { childList: true, attributeFilter: ['slot'], subtree: true });
    this.refresh();
  }

  get reducedMotion() {
    return this.layout.motion === 'reduced' || this.prefersReduced || this.options.motion === 'reduced';
  }


  build(node, context) {
    if (!this.options.inPlace && node.id !== undefined && this.layout.elements.has(node.id) && context.slotOf !== node) return this.buildSlot(node, context);
    const element = this.buildNode(node, context);
    if (node.id !== undefined) element.dataset.id = node.id;
    return element;
  }

  buildNode(node, context) {
    let group = context.group;
    // (`columns`: in a row that does not wrap, where a content width is a share of the row; `alignment`: a scroll's child's is leading.)
    const inside = (axis) => ({ mode: context.mode, group, parentAxis: axis, alignment: node.alignment ?? 'leading', columns: axis === 'horizontal' && !node.wrap });
    const skeleton = context.mode === 'skeleton';
    let element;
    if (node.type === 'block') {
      // Padding lies outside a block's shape: the shape is the frame's content (SwiftUI's order).
      const framed = node.padding || node.background || node.minHeight !== null;
      // The outermost box of a view's root fills the view: the block's frame, else the block.
      // (A table column's framed block: its frame takes the column's width, the shape fills it.)
      const width = (context.fills && !framed) || (framed && node.column && context.columns) ? 'fill' : node.width;
      const shape = this.buildShape(node, width, node.height, context);
      if (node.aspectRatio !== null) followRatio(shape, node);
      if (node.stretch) stretchable(shape, node, framed, context.parentAxis === 'horizontal' || context.inRow === true);
      if (skeleton && node.shimmer) group = this.group(shape);
      if (skeleton) group?.add(shape);
      if (framed) {
        element = div('block-frame');
        element.style.display = 'flex';
        element.style.alignItems = 'center';
        applyModifiers(element, { ...node, cornerRadius: 0, clip: false });
        if (width === 'fill') shape.style.flex = '1 1 auto';
        element.append(shape);
      } else {
        element = shape;
      }
    } else {
      element = div(node.type);
      applyModifiers(element, node);
      const style = element.style;
      switch (node.type) {
        case 'stack':
          style.display = 'flex';
          style.flexDirection = node.axis === 'horizontal' ? 'row' : 'column';
          style.alignItems = alignments[node.alignment];
          style.gap = px(Math.max(0, node.spacing));
          Object.assign(style, wrappedRow(node));
          // Columns that follow the width, as the layout engine's GridRows: children in order, each from its column's start.
          const grid = node.minColumnWidth !== null && node.axis === 'horizontal';
          if (grid) Object.assign(style, { display: 'grid', gridTemplateColumns: `repeat(${node.autoFit ? 'auto-fit' : 'auto-fill'}, minmax(${px(node.minColumnWidth)}, 1fr))`, justifyItems: 'start' });
          // Lines or rows rowSpacing apart instead of spacing (CSS has no negative row-gap: 0).
          if ((grid || node.wrap) && node.axis === 'horizontal' && node.rowSpacing !== null) style.rowGap = px(Math.max(0, node.rowSpacing));
          // CSS's automatic minimum keeps it at least its content's height unless it clips or has a minHeight.
          if (node.aspectRatio !== null) style.aspectRatio = String(node.aspectRatio);
          if (node.shimmer) group = this.group(element);
          const flow = node.children.filter((child) => !child.overlay);
          flow.forEach((child, index) => {
            const built = this.build(child, inside(node.axis));
            // CSS has no negative gap: a negative spacing is a negative margin before every child but the first.
            // (On columns a negative spacing is 0: a greedy child spans its column.)
            if (grid) built.style.justifySelf = child.greedy ? 'stretch' : 'start';
            else if (node.spacing < 0 && index > 0) built.style[node.axis === 'horizontal' ? 'marginInlineStart' : 'marginTop'] = px(node.spacing);
            element.append(built);
          });
          if (node.axis === 'horizontal' && !node.wrap) shareColumns({ ...node, children: flow }, [...element.children]);
          // Overlays after the flow, so that they are drawn over it (every box is positioned: DOM order).
          for (const child of node.children.filter((each) => each.overlay)) element.append(overlaid(this.build(child, inside(node.axis)), child, this.layout.direction));
          break;
        case 'scroll':
          // Shown still: a scroll view clips what lies beyond it. A horizontal one offers its
          // content all the width it wants; a vertical one offers its width and centres narrower content.
          style.display = 'flex';
          style.flexDirection = node.axis === 'horizontal' ? 'row' : 'column';
          style.alignItems = node.axis === 'horizontal' ? 'flex-start' : 'center';
          // Scrollable as the app's is (nothing painted for it: no scrollbar), so that an
          // element's error state beyond the visible part can be scrolled to and used; out of
          // the tab order (a scroller is keyboard-focusable otherwise), its Retry buttons in it.
          style.overflow = 'auto';
          style.scrollbarWidth = 'none';
          element.tabIndex = -1;
          if (node.shimmer) group = this.group(element);
          if (node.child) element.append(this.build(node.child, inside(node.axis === 'horizontal' ? 'scroll' : 'vertical')));
          break;
        case 'text':
          style.display = 'flex';
          style.flexDirection = 'column';
          style.gap = px(node.lineSpacing);
          if (node.shimmer) group = this.group(element);
          element.paragraph = { node, context, group, lines: null };
          // A float's paragraph is at least as tall as the float's margin box less a spacing (the float's box and the last line's each half a spacing beyond the content).
          if (node.float) {
            const framing = (node.padding?.top ?? 0) + (node.padding?.bottom ?? 0);
            style.minHeight = px(Math.max(node.minHeight ?? 0, framing + node.float.top + node.float.height + node.float.bottom - node.lineSpacing));
          }
          // The served lines first (the captured width's); a measured paragraph is drawn anew at its width.
          this.drawLines(element, { lines: node.lines, lastLineFraction: node.lastLineFraction, first: 0 });
          if (node.measure !== null) this.wraps?.observe(element);
          break;
        case 'divider': {
          // SwiftUI's Divider: a hairline across a column (or down a row), in the separator grey.
          const line = this.layout.palette.get('gray') ?? { r: 142, g: 142, b: 147, a: 1 };
          style[context.parentAxis === 'horizontal' ? 'width' : 'height'] = px(node.thickness);
          if (context.parentAxis === 'horizontal') style.alignSelf = 'stretch';
          style.backgroundColor = rgba(line, round(line.a * node.opacity));
          break;
        }
        default:
          break;
      }
    }
    // In a screen's slot the slot holds the fraction (a percentage of the parent's width): the view would take it again of the slot's.
    place(element, context.slotOf === node && !context.fills ? { ...node, maxFillFraction: null } : node, context.parentAxis, true, context.alignment);
    element.style.boxSizing = 'border-box';
    element.style.position = 'relative';
    if (context.parentAxis === 'root') {
      element.style.flex = '1 1 auto';
      element.style.minHeight = '0';
    }
    return element;
  }

  /**
   * A paragraph's line shapes, drawn anew when their number, the last one's width or the slot
   * they start at changes; its float first (a block from the first line's box's top, on the
   * leading side), the lines beside it indented by its width and trailing margin.
   */
  drawLines(element, { lines, lastLineFraction, first }) {
    const paragraph = element.paragraph;
    const known = paragraph.lines;
    if (known?.lines === lines && known.lastLineFraction === lastLineFraction && known.first === first) return;
    paragraph.lines = { lines, lastLineFraction, first };
    const { node, context, group } = paragraph;
    for (const old of element.children) group?.blocks.delete(old);
    element.replaceChildren();
    const side = first > 0 ? null : beside(node.float, node.lineHeight, node.lineSpacing);
    if (node.float) {
      const float = this.buildShape(node, node.float.width, node.float.height, context);
      Object.assign(float.style, { position: 'absolute', top: px((node.padding?.top ?? 0) - node.lineSpacing / 2 + node.float.top), insetInlineStart: px(node.padding?.leading ?? 0) });
      if (context.mode === 'skeleton') group?.add(float);
      element.append(float);
    }
    for (let line = 0; line < lines; line++) {
      const shape = this.buildShape(node, 'fill', node.lineHeight, context);
      shape.style.alignSelf = 'stretch';
      const indent = side && line < side.lines ? side.indent : 0;
      if (indent) shape.style.marginInlineStart = px(indent);
      if (line === 0 && first > 0) shape.style.marginTop = px(first * (node.lineHeight + node.lineSpacing));
      if (line === lines - 1 && lines > 1) shape.style.width = indent ? `calc((100% - ${px(indent)}) * ${round(lastLineFraction)})` : `${round(lastLineFraction * 100)}%`;
      if (context.mode === 'skeleton') group?.add(shape);
      element.append(shape);
    }
    group?.layout();
  }

  /** A block's shape: its size, radius and fill; in content mode a neutral solid. */
  buildShape(node, width, height, context) {
    const shape = div(context.mode === 'skeleton' ? 'block' : 'content-block');
    const style = shape.style;
    style.boxSizing = 'border-box';
    style.flex = '0 0 auto';
    if (width !== 'fill') style.width = px(width);
    style.height = px(height);
    const shorter = width === 'fill' ? height : Math.min(width, height);
    let radius = node.type === 'text' ? Math.min(node.cornerRadius, height / 2) : node.cornerRadius;
    if (node.shape === 'capsule' || node.shape === 'circle') radius = shorter / 2;
    if (node.corners) {
      for (const [corner, property] of Object.entries(corners)) style.setProperty(property, node.corners.has(corner) ? px(radius) : '0px');
    } else {
      style.borderRadius = px(radius);
    }
    if (context.mode === 'skeleton') {
      shape.skeletonFill = node.fill;
      style.backgroundColor = node.fill ? this.themed(node.fill) : 'transparent';
    } else {
      const neutral = this.layout.palette.get('gray') ?? { r: 142, g: 142, b: 147, a: 1 };
      style.backgroundColor = rgba(neutral, 0.45);
    }
    return shape;
  }

  group(element) {
    const group = new ShimmerGroup(this, element);
    this.groups.push(group);
    this.resizes?.observe(element);
    return group;
  }

  buildSlot(node, context) {
    const slot = this.slots.get(node.id) ?? this.newSlot(this.layout.elements.get(node.id), node);
    const element = div('element');
    element.dataset.element = node.id;
    element.style.display = 'grid';
    // One column as wide as the slot, never widened to its content's minimum: an element lays
    // out exactly as the same node would outside a slot (the server's frames assume so).
    element.style.gridTemplateColumns = 'minmax(0, 1fr)';
    element.style.boxSizing = 'border-box';
    place(element, node, context.parentAxis, false, context.alignment);
    slot.inRow = context.parentAxis === 'horizontal';
    if (context.parentAxis === 'root') element.style.flex = '1 1 auto';
    if (slot.shownAt === 0) {
      slot.shownAt = this.shown ? performance.now() : this.startedAt + this.layout.showDelayMs;
      this.arm(slot);
    }
    slot.element = element;
    slot.group = context.group;
    slot.view = this.buildView(slot);
    element.append(slot.view);
    this.describe(slot);
    return element;
  }

  /** A new element, in the state a former drawing of the screen left it in (`carried`), if any. */
  newSlot(info, node) {
    const slot = new ElementSlot(info, node);
    const carried = this.options.carried?.get(info.id);
    if (carried) Object.assign(slot, { state: carried.state, error: carried.error, retried: carried.retried });
    this.slots.set(info.id, slot);
    return slot;
  }

  /** Fails a loading element `timeoutMs` after its skeleton showed (from `shownAt`), whatever the session does. */
  arm(slot) {
    clearTimeout(slot.deadline);
    slot.deadline = null;
    if (slot.state !== 'loading' || !Number.isFinite(this.timeoutMs) || this.frozenAt !== null || slot.frozenAt !== null) return;
    slot.deadline = setTimeout(() => {
      slot.deadline = null;
      const error = { code: 'timeout', message: format(this.strings.timeout, { ms: Math.round(this.options.timeoutMs ?? this.layout.timeoutMs) }), retryable: true };
      this.settle(slot.id, 'failed', error);
    }, Math.max(0, slot.shownAt + this.timeoutMs - performance.now()));
  }

  /** The slot's current face: its skeleton, its content, or its error state. */
  buildView(slot) {
    let view;
    if (slot.state === 'loading') {
      // In place the element is the root of its own view, as /elements/{element}/frames lays it out: a block fills its width.
      view = this.build(slot.node, { mode: 'skeleton', group: slot.group, parentAxis: 'slot', slotOf: slot.node, fills: slot.wrapper !== null, inRow: slot.inRow });
      view.setAttribute('aria-hidden', 'true');
      if (!this.shown) view.style.visibility = 'hidden';
    } else if (slot.state === 'ready') {
      if (slot.wrapper) return null;
      if (this.slotted(slot.id).length > 0) view = this.buildSlotted(slot);
      else view = slot.info.hasContent ? this.buildContent(slot) : this.build(slot.node, { mode: 'content', group: slot.group, parentAxis: 'slot', slotOf: slot.node, inRow: slot.inRow });
    } else {
      view = this.buildError(slot);
    }
    view.style.gridArea = '1 / 1';
    view.dataset.face = slot.state;
    return view;
  }

  /** A box in place of the slot's current face, at least its size, so that nothing moves. */
  replacement(slot, role) {
    const box = div(role);
    const size = (slot.wrapper ? slot.element : slot.view)?.getBoundingClientRect();
    if (size && size.height) box.style.minHeight = px(size.height);
    if (!slot.node.greedy && size && size.width) box.style.width = px(size.width);
    box.style.boxSizing = 'border-box';
    box.style.color = this.layout.theme === 'dark' ? '#FFFFFF' : '#1C1C1E';
    return box;
  }

  /**
   * The app's own content for the element: the host's light-DOM children with `slot="ID"`
   * (`<skeleton-screen>`), shown through a `<slot>` at their natural size.
   */
  slotted(id) {
    const host = this.options.host;
    return host ? [...host.children].filter((child) => child.getAttribute('slot') === id) : [];
  }

  buildSlotted(slot) {
    const face = div('slotted');
    const outlet = document.createElement('slot');
    outlet.name = slot.id;
    face.append(outlet);
    return face;
  }

  /** The element's `content` member, drawn as text in the element's box. */
  buildContent(slot) {
    const box = this.replacement(slot, 'content');
    applyModifiers(box, { ...slot.node, minHeight: null });
    box.style.font = '15px/1.35 system-ui, -apple-system, sans-serif';
    box.append(renderValue(slot.info.content, 0));
    return box;
  }
}
