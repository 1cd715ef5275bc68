/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli.h — the command-line verbs
 *
 * Each verb lives in its own file (cs-cli-VERB.c), parses its own options
 * with GOptionContext (so `--help` works on every verb) and returns a process
 * exit status. Headless verbs must not need a display.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef int (*CsCliVerbFunc) (int argc, char **argv);

typedef struct
{
  const char    *name;
  CsCliVerbFunc  func;
  const char    *summary;   /* translatable, N_(); may be NULL */
} CsCliVerb;

int cs_cli_models   (int argc, char **argv);
int cs_cli_events   (int argc, char **argv);
int cs_cli_report   (int argc, char **argv);
int cs_cli_record   (int argc, char **argv);
int cs_cli_annotate (int argc, char **argv);
int cs_cli_export   (int argc, char **argv);
int cs_cli_watch    (int argc, char **argv);
int cs_cli_diff     (int argc, char **argv);

/* Prints "cyclescope VERB: message" on stderr (translated prefix). */
void cs_cli_error   (const char *verb,
                     const char *format,
                     ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
