// A click on anything tagged data-click inside a board goes to the board's data-href with the
// tag's value appended; the server decides what the click means. That is all the script does.
document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-click]");
  const board = target && target.closest("[data-href]");
  if (board) {
    location.href = board.dataset.href + encodeURIComponent(target.dataset.click);
  }
});
