/**
 * The event page's own layout, over the public pages' style (which comes after it in the page,
 * hence the selectors one class more specific than the ones they override).
 * Phone: poster (at most half the screen), title, date and place first, the description before
 * the long form, "Daftar" in a bar fixed at the bottom. From 900 px: the poster small beside
 * the details, the register card sticky in a column of its own.
 */
export const EVENT_PAGE_STYLE = `main.wide{max-width:1120px}
.ev .poster{width:auto;max-width:100%;max-height:48vh;margin:0 auto;box-shadow:0 2px 12px rgba(0,0,0,.12)}
.ev h1{margin:12px 0 4px}
.facts>div{margin-top:8px}.facts dd{font-weight:600}
.ev-org{display:flex;gap:8px;align-items:center}.ev-org img{width:28px;height:28px;border-radius:50%;object-fit:cover}
.reg{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.reg h2{font-size:16px}
.reg ul{list-style:none;padding:0;margin:0}
.reg li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;padding:10px 0;border-top:1px solid #eee}
.reg li .name{flex:1 1 100%;font-weight:600}
.reg .from{font-weight:700;margin:0}
.reg .cta{margin-top:12px}
@media (max-width:899.98px){
.ev.has-bar{padding-bottom:76px}
html:has(.ev.has-bar){scroll-padding-bottom:88px}
.reg.bar{position:fixed;left:0;right:0;bottom:0;z-index:10;margin:0;border-radius:0;padding:10px 16px;padding-bottom:max(10px,env(safe-area-inset-bottom));display:flex;align-items:center;gap:12px;box-shadow:0 -2px 12px rgba(0,0,0,.15)}
.reg.bar h2{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.reg.bar ul{display:none}
.reg.bar .from{flex:1;min-width:0}
.reg.bar .cta{margin:0;flex:none;padding:12px 28px}
}
@media (min-width:900px){
main.wide{padding:32px 24px}
.ev{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:0 32px;align-items:start}
.ev-hero,.ev-main{grid-column:1}
.reg{grid-column:2;grid-row:1 / span 2;position:sticky;top:24px;margin-top:0}
.reg ul+.from{display:none}
.ev-hero{display:grid;grid-template-columns:240px minmax(0,1fr);gap:28px;align-items:start}
.ev .poster{width:100%;max-height:none}
.ev h1{margin-top:0}
}`;
