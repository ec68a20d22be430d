import r2wc, { type R2WCRenderer } from '@r2wc/core';
import { createElement, type FunctionComponent } from 'react';
import { hydrate, render, unmountComponentAtNode } from 'preact/compat';
import baseCss from './styles/base.css';
import { adoptStyles } from './styleSheet';

type R2wcPropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

export interface ElementOptions {
  /**
   * Declared attributes/properties (r2wc reads only these). Prefer 'string' for
   * JSON-carrying attributes and parse them in the component, so bad input gets
   * a visible message instead of a constructor exception.
   */
  props?: Record<string, R2wcPropType>;
  /** Callback props turned into DOM events: onSubmit -> 'submit' CustomEvent. */
  events?: Record<string, CustomEventInit>;
  /**
   * The element's own CSS (a PostCSS-processed import), or a function that styles the shadow root
   * itself (./pageCss: CSS the page may hold already). base.css is always applied first.
   */
  css?: string | ((root: ShadowRoot) => void);
  /**
   * Render into an open shadow root (default; every public element does). A site
   * island may pass false to render in light DOM, styled by the site stylesheet;
   * its server-rendered children are then replaced by the component's output.
   */
  shadow?: boolean;
}

/** The shadow root r2wc renders into; r2wc passes it to the component as `container`. */
export interface ElementProps {
  container?: ShadowRoot | HTMLElement;
}

/** The declarative shadow roots with content the page served, kept by attachShadow (below) for the first render. */
const served = new WeakSet<Node>();

/**
 * How r2wc renders a component (@r2wc/react-to-web-component's renderer, with one addition): into a
 * shadow root the page served with content (a declarative shadow root, `<template
 * shadowrootmode="open">`, which the element keeps: attachShadow below) the first render hydrates
 * what is there instead of emptying it and building it again, so the light DOM it slots in stays
 * laid out as it is (/blog, issue 34). The served content must be what the component renders first.
 */
function rendererOf(component: FunctionComponent<object>): R2WCRenderer<object, HTMLElement> {
  return {
    mount(container, _, props) {
      (served.has(container) ? hydrate : render)(createElement(component, props), container);
      return container;
    },
    update: (container, props) => render(createElement(component, props), container),
    unmount: unmountComponentAtNode,
  };
}

/**
 * Turns a function component into a custom element rendered in an open shadow
 * root with its styles adopted. Registration is guarded: defining a tag twice
 * (two bundles on one page, the standalone file next to the site bundle) keeps
 * the first definition and returns it.
 */
export function defineElement<P extends object>(
  tag: string,
  component: FunctionComponent<P>,
  { props = {}, events = {}, css = '', shadow = true }: ElementOptions = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const Base = r2wc(component as FunctionComponent<object>, shadow ? { shadow: 'open', props, events } : { props, events }, rendererOf(component as FunctionComponent<object>));
  class DcElement extends Base {
    /** The shadow root the page served (declarative), kept as it is for the renderer above; else a new one. */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      const root = this.shadowRoot;
      if (!root?.firstChild) return super.attachShadow(init);
      served.add(root);
      return root;
    }
    constructor() {
      super();
      const root = this.shadowRoot;
      if (!root) return;
      if (typeof css === 'string') adoptStyles(root, [baseCss, css]);
      else {
        adoptStyles(root, [baseCss]);
        css(root);
      }
    }
  }
  customElements.define(tag, DcElement);
  return DcElement;
}

/**
 * Dispatches a documented event from inside an element: bubbles and crosses shadow roots. With
 * `cancelable`, returns false when a listener called preventDefault().
 */
export function emit<T>(target: EventTarget, type: string, detail: T, options: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

/** The host element of a component rendered by defineElement. */
export function hostOf(container: ElementProps['container']): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}
