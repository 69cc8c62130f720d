# Sourced by the launchers (bin/clip, bin/clip-server) that run a prebuilt bundle instead of TypeScript
# source (bin/lib/buildBundle.mjs). A bundle is used only while nothing it was built from is newer than
# its stamp, so an edit, a pull or a dependency change is never hidden behind a stale bundle.

# bundle_current BUNDLE_DIR PATH...: true when BUNDLE_DIR/built exists and no file under the PATHs (folders
# are searched whole; one `find -newer -quit`, a few ms) is newer than it.
bundle_current() {
  local stamp="$1/built"
  shift
  [ -f "$stamp" ] && [ -z "$(find "$@" -newer "$stamp" -print -quit 2>/dev/null)" ]
}
