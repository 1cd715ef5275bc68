/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-text.h — text from recorded files that is not UTF-8
 *
 * File names, command lines, thread and symbol names come from the system
 * as bytes; JSON, GTK and Pango want UTF-8. Such text is made valid by
 * showing each byte that is not UTF-8 as the four characters \xNN, the way
 * the command-line reports show it (docs/cli.md), rather than losing it to
 * U+FFFD.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @text (@len bytes, -1: NUL-terminated) as valid UTF-8: a copy, with each
 * byte that is not UTF-8 as \xNN. NULL for NULL. */
char *cs_text_make_valid (const char *text,
                          gssize      len);

G_END_DECLS
