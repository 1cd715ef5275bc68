/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison-program.c — the recorded program matches the other side's
 *
 * Matching is by file name (a module's basename), as `perf diff` matches.
 * "Before" and "after" builds of one program often differ in exactly that
 * name (prog and prog.new, app-1.2 and app-1.3) while everything else about
 * them is the same program: matched by name alone, its module and every
 * one of its functions would be "only in base" on one side and "only in
 * new" on the other. So the recorded program's own executable — argv[0] of
 * the recording, when it was sampled — matches the other side's, whatever
 * the two are called, unless either name is also a module of the other side
 * (then names decide, as everywhere else). Libraries keep matching by name.
 */
#include "config.h"

#include <string.h>

#include "cs-comparison-private.h"
#include "cs-profile-summary.h"

/* The basename of the side's recorded program when it has samples. */
static char *
side_program (const CsCompareSide *side)
{
  CsSession *session = cs_analysis_get_session (side->analysis);
  const char * const *argv = session != NULL ? cs_session_get_argv (session) : NULL;
  g_autofree char *first = NULL;
  g_autofree char *name = NULL;

  if (side->profile == NULL)
    return NULL;
  if (argv != NULL && argv[0] != NULL)
    first = g_strdup (argv[0]);
  else
    {
      /* a plain perf.data: the command out of perf's command line */
      const char *command = cs_profile_get_summary (side->profile)->command;

      if (command != NULL)
        first = g_strndup (command, strcspn (command, " "));
    }
  if (first == NULL || *first == '\0')
    return NULL;
  name = g_path_get_basename (first);
  if (cs_profile_find_module (side->profile, name) == NULL)
    return NULL;
  return g_steal_pointer (&name);
}

void
_cs_comparison_pair_programs (CsComparison *self)
{
  CsCompareSide *base = &self->base, *new_side = &self->new_side;

  base->program = side_program (base);
  new_side->program = side_program (new_side);
  if (base->program == NULL || new_side->program == NULL ||
      strcmp (base->program, new_side->program) == 0)
    return;
  if (cs_profile_find_module (new_side->profile, base->program) != NULL ||
      cs_profile_find_module (base->profile, new_side->program) != NULL)
    return;
  /* the rows and trees show the new side's name */
  base->program_as = g_strdup (new_side->program);
}

gboolean
cs_comparison_get_programs (CsComparison  *self,
                            const char   **base_program,
                            const char   **new_program)
{
  g_return_val_if_fail (CS_IS_COMPARISON (self), FALSE);

  if (base_program != NULL)
    *base_program = self->base.program;
  if (new_program != NULL)
    *new_program = self->new_side.program;
  return self->base.program_as != NULL;
}
