// namnam web: the arrow keys step a replay, by following the page's own "previous" and "next" links.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  if (!rel) return;
  var link = document.querySelector(".steps a[rel=" + rel + "]");
  if (link) window.location.href = link.href;
});
