#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-potfiles.sh — po/POTFILES lists exactly the files with translatable strings
#
# A file with _() strings that is missing from POTFILES never reaches the
# translators: its strings stay English in every language without any error.
# This test greps the source tree for the markers xgettext extracts (the
# "glib" preset of meson's i18n module) and compares with the list.
#
# It also rejects translatable strings glued to a macro ("%" G_GUINT64_FORMAT
# " bytes"): xgettext cannot expand macros, so it extracts only the text before
# the macro ("%") and the real message is never found in the catalogue at run
# time. Use <inttypes.h> PRIu64 / PRId64 / PRIx64 (xgettext and gettext know
# them) or "%zu" for gsize instead.
#
# Usage: test-potfiles.sh [SOURCE_ROOT]   (TAP output)
set -u

root=${1:-${CYCLESCOPE_SOURCE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}}
cd "$root" || { echo "Bail out! cannot enter $root"; exit 1; }

n=0
failed=0
ok()     { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }

# Directories that hold shipped sources; tests/, bench/ and build trees do not
# reach users.
dirs=(app widgets data collector po)

# Files whose strings xgettext extracts, by type:
#   C:        _("…"), N_("…"), C_("ctx", "…"), NC_, Q_, g_dngettext (D, "…", …),
#             ngettext ("…", …) — a literal must follow, _(variable) extracts nothing
#   .ui:      translatable="yes"
#   desktop:  Name=, GenericName=, Comment=, Keywords= are translatable by default
#   metainfo, gschema: <name>, <summary>, <description>, <p>, <li> are translatable
#             by default (gettext's ITS rules)
has_strings() {
  local f=$1
  case "$f" in
    *.c|*.h)
      grep -qPz '(?<![A-Za-z0-9_])((N|C|NC|Q)?_|ngettext|dngettext|g_dngettext|g_dpgettext2|g_dcgettext)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*\s*,\s*)?"' "$f" ;;
    *.ui)
      grep -q 'translatable="yes"' "$f" ;;
    *.desktop.in)
      grep -qE '^(Name|GenericName|Comment|Keywords)=' "$f" ;;
    *.xml.in|*.gschema.xml)
      grep -qE '<(name|summary|description|p|li)[ >]' "$f" ;;
    *)
      return 1 ;;
  esac
}

mapfile -t listed < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' po/POTFILES | grep -v '^$')
if [ "${#listed[@]}" -eq 0 ]; then
  echo "Bail out! po/POTFILES is empty or missing"
  exit 1
fi

# 1. Every listed file exists and has something to translate.
for f in "${listed[@]}"; do
  if [ ! -f "$f" ]; then
    not_ok "po/POTFILES lists $f, which does not exist (remove it from po/POTFILES)"
  elif ! has_strings "$f"; then
    not_ok "po/POTFILES lists $f, which has no translatable strings (remove it from po/POTFILES)"
  else
    ok "$f is listed and has translatable strings"
  fi
done

# 2. No file is listed twice (msgmerge would not care, but it hides mistakes).
dups=$(printf '%s\n' "${listed[@]}" | sort | uniq -d)
if [ -n "$dups" ]; then
  not_ok "po/POTFILES lists these files more than once: $(echo $dups)"
else
  ok "po/POTFILES has no duplicates"
fi

# 3. Every file with translatable strings is listed.
declare -A is_listed=()
for f in "${listed[@]}"; do is_listed["$f"]=1; done
missing=0
while IFS= read -r f; do
  f=${f#./}
  if has_strings "$f" && [ -z "${is_listed[$f]:-}" ]; then
    not_ok "$f has translatable strings but is not in po/POTFILES (add it)"
    missing=1
  fi
done < <(find "${dirs[@]}" -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' \
                                      -o -name '*.desktop.in' -o -name '*.xml.in' \
                                      -o -name '*.gschema.xml' \) | sort)
[ "$missing" -eq 0 ] && ok "every file with translatable strings is in po/POTFILES"

# 4. No translatable literal is glued to a macro other than <inttypes.h>'s PRI*.
glued=$(perl -0777 -ne '
  my $file = $ARGV;
  while (/(?<![A-Za-z0-9_])((?:N|C|NC|Q)?_|ngettext|dngettext|g_dngettext|g_dpgettext2|g_dcgettext)\s*\(((?:[^()"\x27]|"(?:[^"\\]|\\.)*"|\x27(?:[^\x27\\]|\\.)*\x27|\((?2)\))*)\)/g) {
    my ($args, $start) = ($2, $-[0]);
    # Walk the arguments token by token so that a closing quote is never
    # mistaken for an opening one.
    my $prev_literal = 0;
    while ($args =~ /\G(?:(\s+)|("(?:[^"\\]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*)|(.))/gcs) {
      next if defined $1;
      if (defined $3 && $prev_literal && $3 !~ /^PRI[diouxX](?:8|16|32|64|MAX|PTR)$/) {
        my $line = 1 + (substr ($_, 0, $start) =~ tr/\n//);
        print "$file:$line: $3\n";
      }
      $prev_literal = defined $2;
    }
  }' $(for f in "${listed[@]}"; do case "$f" in *.c|*.h) echo "$f" ;; esac; done))
if [ -n "$glued" ]; then
  while IFS= read -r g; do
    not_ok "translatable string glued to a macro xgettext cannot expand: $g (use PRIu64/PRId64/PRIx64 or %zu)"
  done <<< "$glued"
else
  ok "no translatable string is glued to a macro"
fi

echo "1..$n"
exit "$failed"
