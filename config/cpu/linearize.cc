/* The cpu target: linearizing a vector partition.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A vector partition runs as one SIMD program over all its lanes.  Each
   block has a mask of the lanes that want to run it; blocks are emitted in
   a fixed order and run with their mask when it is not empty.  An edge
   adds its lanes to its target's mask.  A divergent branch splits the
   lanes: both targets get theirs, and they wait ("park") until the order
   reaches them.  A uniform branch moves all the block's lanes together, so
   it can stay a real jump, unless the jump would skip a block where other
   lanes wait (forward), or leave lanes waiting further on in the loop it
   jumps back to the head of (backward: those lanes go first, so that
   every block a lane reads values from ran in the same pass as the lane).
   This keeps uniform control flow (loops with uniform trip counts inside
   a vector loop) as ordinary loops, and linearizes only what diverges:
   partial linearization in the sense of Moll and Hack, "Partial
   Control-Flow Linearization", PLDI 2018.

   The order is a weak topological order (Bourdoncle, "Efficient chaotic
   iteration strategies with widenings", 1993): every cycle lies in a
   component, contiguous in the order and entered at its head, and every
   back edge goes to the head of a component containing its source.  After
   a component's last block, lanes that took a divergent back edge and
   wait at its head send execution back to the head.  Irreducible cycles
   need nothing more: their other entries are reached by forward edges, so
   the lanes that enter there wait like any others.  Each lane's place (the
   block it waits at) is held as one mask per block (docs/targets.md,
   "SIMD regions").

   Why every lane runs exactly its own path, for any CFG:

   - a lane is in one place at a time: the mask of one block, the block
     running (gw_cur), or gone.  A divergent branch splits gw_cur into
     disjoint masks, a uniform one sends it whole to one target;
   - a lane waiting at Y is never passed over: the code moves forward one
     block at a time, each block running when its mask is not empty, and
     jumps forward only over blocks where no lane can wait (goto_ok), or
     back to a component's head only when no lane can wait after the jump
     in that component (back_ok);
   - when a lane at X takes the edge X -> Z, either Z comes later in the
     order, and the code reaches it in this pass, or (the weak topological
     order's property) Z is the head of a component containing X, and the
     code returns to Z: at once for a jump, after the component's last
     block otherwise (CHECK);
   - a block entered from outside its component other than at its head
     (an irreducible cycle's other entries) has its predecessor before the
     component in the order: an edge going back in the order leads to the
     head of a component containing its source, and a component nested in
     this one cannot contain a block outside it.  Lanes entering there
     wait like any others, and run in the component's next pass through
     it, the same pass as the lanes at the head;
   - the code stays in a component only while lanes wait at its head, and
     each lane's path is finite when the thread's program terminates, so
     the code leaves every component and reaches the end, every mask
     empty, when every lane has left the region.

   Values are the other half: a lane's registers must keep its own values
   while other lanes run blocks; masking.cc decides which writes need a
   mask for that.  */

#include "linearize.h"

#include <algorithm>
#include <climits>

namespace {

/* One element of a weak topological order: a block, or a component with
   its head and the order of its body.  */
struct wto_elem
{
  dir_block *block;
  bool component;
  std::vector<wto_elem> body;
};

/* Bourdoncle's recursive construction over the blocks IN.  */
class wto_builder
{
public:
  wto_builder (const dir_func *fn, const std::vector<bool> &in)
    : in (in), dfn (fn->blocks.size (), 0) {}

  std::vector<wto_elem> build (dir_block *entry)
  {
    std::vector<wto_elem> top;
    visit (entry, top);
    return top;
  }

private:
  const std::vector<bool> &in;
  std::vector<int> dfn;
  std::vector<dir_block *> stack;
  int num = 0;

  int visit (dir_block *v, std::vector<wto_elem> &partition);
  void component (dir_block *v, std::vector<wto_elem> &partition);
};

int
wto_builder::visit (dir_block *v, std::vector<wto_elem> &partition)
{
  stack.push_back (v);
  int head = dfn[v->index] = ++num;
  bool loop = false;
  for (dir_block *w : v->succs)
    {
      if (!in[w->index])
	continue;
      int min = dfn[w->index] == 0 ? visit (w, partition) : dfn[w->index];
      if (min <= head)
	{
	  head = min;
	  loop = true;
	}
    }
  if (head == dfn[v->index])
    {
      dfn[v->index] = INT_MAX;
      dir_block *e = stack.back ();
      stack.pop_back ();
      if (loop)
	{
	  while (e != v)
	    {
	      dfn[e->index] = 0;
	      e = stack.back ();
	      stack.pop_back ();
	    }
	  component (v, partition);
	}
      else
	partition.insert (partition.begin (), wto_elem { v, false, {} });
    }
  return head;
}

void
wto_builder::component (dir_block *v, std::vector<wto_elem> &partition)
{
  std::vector<wto_elem> body;
  for (dir_block *w : v->succs)
    if (in[w->index] && dfn[w->index] == 0)
      visit (w, body);
  partition.insert (partition.begin (), wto_elem { v, true, body });
}

/* Append the blocks of ELEMS to R's order, recording components.  */

void
flatten (simd_region *r, const std::vector<wto_elem> &elems)
{
  for (const wto_elem &e : elems)
    {
      int head = r->order.size ();
      r->pos[e.block->index] = head;
      r->order.push_back (e.block);
      if (!e.component)
	continue;
      flatten (r, e.body);
      r->comps.push_back ({ head, (int) r->order.size () - 1, false });
    }
}

/* Can lanes jump from FROM forward to TO, over the blocks between, in R
   as planned so far?  */

bool
goto_ok (const simd_region *r, const dir_block *from, const dir_block *to)
{
  int a = r->pos[from->index], b = r->pos[to->index];
  for (int p = a + 1; p < b; p++)
    if (r->park[r->order[p]->index])
      return false;
  for (const simd_component &c : r->comps)
    if (c.check && c.head <= a && a <= c.last && b > c.last)
      return false;
  return true;
}

/* Can lanes jump from FROM back to the head of component C, whose range
   contains FROM?  Only if no lane can be waiting after FROM in C: those
   would otherwise see the blocks before them run again for other lanes
   first, while they still wait for this pass's values (blocks.cc writes
   values a later block of the same pass reads without a mask).  */

bool
back_ok (const simd_region *r, const dir_block *from, const simd_component &c)
{
  for (int p = r->pos[from->index] + 1; p <= c.last; p++)
    if (r->park[r->order[p]->index])
      return false;
  return true;
}

/* The component of R headed by TO.  */

const simd_component *
component_of (const simd_region *r, const dir_block *to)
{
  for (const simd_component &c : r->comps)
    if (c.head == r->pos[to->index])
      return &c;
  return nullptr;
}

} // anon namespace

simd_edge
simd_region::edge (const dir_block *from, const dir_block *to,
		   const gw_divergence &div) const
{
  if (!contains (to))
    return SIMD_EDGE_EXIT;
  if (div.divergent_branch (from))
    return SIMD_EDGE_PARK;
  if (pos[to->index] <= pos[from->index])
    {
      const simd_component *c = component_of (this, to);
      return c && !c->check && back_ok (this, from, *c) ? SIMD_EDGE_GOTO
	     : SIMD_EDGE_PARK;
    }
  return goto_ok (this, from, to) ? SIMD_EDGE_GOTO : SIMD_EDGE_PARK;
}

void
plan_simd_region (simd_region *r, const dir_func *fn,
		  const gw_partitions &parts, const gw_partition *p,
		  const gw_divergence &div)
{
  r->part = p;
  r->entry = p->fork->succs[0];
  r->exit = p->join;
  std::vector<bool> in (fn->blocks.size (), false);
  for (const dir_block *b : fn->blocks)
    in[b->index] = parts.inside (b, p);
  r->pos.assign (fn->blocks.size (), -1);
  r->park.assign (fn->blocks.size (), false);
  r->order.clear ();
  r->comps.clear ();

  wto_builder wto (fn, in);
  flatten (r, wto.build (r->entry));
  /* Components ending at the same block: innermost (latest head) first.  */
  std::stable_sort (r->comps.begin (), r->comps.end (),
		    [] (const simd_component &a, const simd_component &b) {
		      return a.last != b.last ? a.last < b.last
			     : a.head > b.head;
		    });

  /* Divergent edges park their lanes; a divergent back edge makes its
     component loop back while lanes wait at the head.  */
  for (dir_block *b : r->order)
    if (div.divergent_branch (b))
      for (dir_block *s : b->succs)
	{
	  if (!r->contains (s))
	    continue;
	  r->park[s->index] = true;
	  if (r->pos[s->index] <= r->pos[b->index])
	    for (simd_component &c : r->comps)
	      if (c.head == r->pos[s->index])
		c.check = true;
	}

  /* A uniform edge that cannot jump parks too (a back edge then makes
     its component loop back at the end); that may stop other jumps:
     iterate.  */
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (dir_block *b : r->order)
	if (!div.divergent_branch (b))
	  for (dir_block *s : b->succs)
	    {
	      if (!r->contains (s))
		continue;
	      if (r->pos[s->index] > r->pos[b->index])
		{
		  if (!r->park[s->index] && !goto_ok (r, b, s))
		    {
		      r->park[s->index] = true;
		      changed = true;
		    }
		  continue;
		}
	      for (simd_component &c : r->comps)
		if (c.head == r->pos[s->index] && !c.check
		    && !back_ok (r, b, c))
		  {
		    c.check = true;
		    r->park[s->index] = true;
		    changed = true;
		  }
	    }
    }
}
