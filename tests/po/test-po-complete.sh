#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-po-complete.sh — every string of the source tree is translated in po/LINGUAS
#
# Extracts the strings of po/POTFILES the way meson's cyclescope-pot target
# does (xgettext, "glib" preset), merges each po/LANG.po with them in a
# temporary directory and fails when msgfmt --check finds an error or any
# string is untranslated or fuzzy. The fix is always the same:
#
#   build-aux/extract-model-strings          (after editing data/models/*.json)
#   meson compile -C BUILD cyclescope-update-po
#   translate the new entries of po/LANG.po; msgfmt --check --statistics po/LANG.po
#
# Usage: test-po-complete.sh [SOURCE_ROOT]   (TAP output; skipped without gettext)
set -u

root=${1:-${CYCLESCOPE_SOURCE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}}
for tool in xgettext msgmerge msgfmt; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    # TAP's way to skip a whole program (meson's TAP mode treats exit 77 as a failure).
    echo "1..0 # SKIP $tool is not installed (Debian package gettext)"
    exit 0
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The keywords and flags of meson's i18n "glib" preset.
if ! xgettext --package-name=cyclescope --from-code=UTF-8 --add-comments \
    --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
    --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
    --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
    --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
    --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
    --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
    --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
    --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
    --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
    --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
    -D "$root" --files-from="$root/po/POTFILES" -o "$tmp/cyclescope.pot" 2>"$tmp/xgettext.err"; then
  echo "Bail out! xgettext failed: $(cat "$tmp/xgettext.err")"
  exit 1
fi

n=0
failed=0
while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  po="$root/po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "not ok $n - po/LINGUAS lists $lang but po/$lang.po does not exist"
    failed=1
    continue
  fi
  msgmerge --quiet --no-fuzzy-matching "$po" "$tmp/cyclescope.pot" -o "$tmp/$lang.po"
  if ! stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1); then
    echo "not ok $n - po/$lang.po does not pass msgfmt --check:"
    echo "$stats" | sed 's/^/# /'
    failed=1
    continue
  fi
  case "$stats" in
    *untranslated*|*fuzzy*)
      echo "not ok $n - po/$lang.po is incomplete ($stats); untranslated:"
      msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep '^msgid ' | sed 's/^/# /' | head -40
      failed=1 ;;
    *)
      echo "ok $n - po/$lang.po: $stats" ;;
  esac
done < "$root/po/LINGUAS"

echo "1..$n"
exit "$failed"
