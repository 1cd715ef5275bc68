/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-brief-layout.c — where the fixed-size fields of one attr's samples sit */
#include "config.h"

#include "cs-perf-private.h"

/* Fields after which a sample's layout is no longer fixed. */
#define VARIABLE_FIELDS (CS_S_READ | CS_S_CALLCHAIN | CS_S_RAW | CS_S_BRANCH_STACK | \
                         CS_S_REGS_USER | CS_S_STACK_USER | CS_S_REGS_INTR | CS_S_AUX)
/* The order of decode_sample() in cs-perf-records.c. */
void
_cs_perf_brief_compute_layout (CsPerfReader          *self,
                               const CsPerfEventAttr *attr,
                               CsPerfBriefLayout     *l)
{
  guint64 st = attr->sample_type;
  gint8 at = 0;

  l->computed = TRUE;
  l->ip = l->tid = l->time = l->period = l->callchain = l->cpu = -1;
  l->default_period = (attr->flags & CS_PERF_ATTR_FREQ) ? 1 : attr->sample_period;
  /* READ is the only variable field before CALLCHAIN. Registers and stack
   * copies behind the chain are read too (DWARF call graphs need them),
   * unless a RAW or BRANCH_STACK lies between. */
  if (st & CS_S_CALLCHAIN)
    {
      l->fixed = !self->swapped && !(st & CS_S_READ);
      l->has_regs = (st & CS_S_REGS_USER) != 0;
      l->has_stack = (st & CS_S_STACK_USER) != 0;
      l->tail = l->has_regs || l->has_stack;
      if (l->tail && (st & (CS_S_RAW | CS_S_BRANCH_STACK)))
        l->fixed = FALSE;
      l->regs_mask = attr->sample_regs_user;
      l->n_regs = (guint) __builtin_popcountll (attr->sample_regs_user);
    }
  else
    l->fixed = !self->swapped && !(st & VARIABLE_FIELDS);
  if (st & CS_S_IDENTIFIER)
    at++;
  if (st & CS_S_IP)
    l->ip = at++;
  if (st & CS_S_TID)
    l->tid = at++;
  if (st & CS_S_TIME)
    l->time = at++;
  at += (st & CS_S_ADDR) ? 1 : 0;
  at += (st & CS_S_ID) ? 1 : 0;
  at += (st & CS_S_STREAM_ID) ? 1 : 0;
  if (st & CS_S_CPU)
    l->cpu = at++;
  if (st & CS_S_PERIOD)
    l->period = at++;
  if (st & CS_S_CALLCHAIN)
    {
      /* the chain's nr; its entries are checked against each sample's size */
      l->callchain = at++;
      l->body_size = (guint32) at * 8;
      return;
    }
  /* the fixed fields behind the variable ones (none of which is present) */
  at += (st & (CS_S_WEIGHT | CS_S_WEIGHT_STRUCT)) ? 1 : 0;
  at += (st & CS_S_DATA_SRC) ? 1 : 0;
  at += (st & CS_S_TRANSACTION) ? 1 : 0;
  at += (st & CS_S_PHYS_ADDR) ? 1 : 0;
  at += (st & CS_S_CGROUP) ? 1 : 0;
  at += (st & CS_S_DATA_PAGE_SIZE) ? 1 : 0;
  at += (st & CS_S_CODE_PAGE_SIZE) ? 1 : 0;
  l->body_size = (guint32) at * 8;
}
