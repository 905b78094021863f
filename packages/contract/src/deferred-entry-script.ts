/**
 * Ends the body of the public pages (`/submit`, `/feedback`) in place of their module script (ADR 034): it
 * loads that script and its chunks (`data-src`, `data-preload`) once the server's markup has painted (the
 * first contentful paint), right away when there is none to show, and after 3 s at the latest (a tab opened
 * in the background paints nothing). The page is readable from the HTML alone; its script takes over without
 * holding back or competing with the first paint. Inline like the colour-mode script; the API's Content
 * Security Policy allows exactly this text by its hash.
 */
export const DEFERRED_ENTRY_SCRIPT =
  '(function(){var d=document.currentScript&&document.currentScript.dataset,done=0;' +
  'function add(t,a){var e=document.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin="";document.head.appendChild(e)}' +
  'function go(){if(done||!d)return;done=1;(d.preload||"").split(" ").forEach(function(h){if(h)add("link",{rel:"modulepreload",href:h})});' +
  'add("script",{type:"module",src:d.src})}' +
  'var r=document.getElementById("root"),P=window.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[];' +
  'if(!r||!r.firstElementChild||t.indexOf("paint")<0)return go();' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}})' +
  '.observe({type:"paint",buffered:true});setTimeout(go,3000)})()';
