// The page of GET /capture: the bookmarklet's link, built for the origin serving this page (the
// one its /capture.js comes from). Clicked here, the link only says where it belongs.
const code = `import(${JSON.stringify(`${location.origin}/capture.js`)}).then((capture) => capture.pickAndCapture()).catch((error) => alert(error.message));`;
const link = document.querySelector('#bookmarklet');
link.href = `javascript:void ${encodeURIComponent(code)}`;
link.addEventListener('click', (event) => {
  event.preventDefault();
  document.querySelector('#note').hidden = false;
});
document.querySelector('#code').textContent = code;
