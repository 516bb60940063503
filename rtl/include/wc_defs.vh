// Generated from defs/wc_defs.def by tools/gendefs. Do not edit.
`ifndef WC_DEFS_VH
`define WC_DEFS_VH

// Flit framing: a flit is {type[1:0], data[W-1:0]}
`define WC_FLIT_DATA_W 32 // Default flit data width W in bits (routers take W >= 32 as a parameter)
`define WC_FLIT_TYPE_W 2 // Flit type field width; the type sits above the data bits
`define WC_FT_BODY 0 // Body flit: follows the owner of its input port
`define WC_FT_HEAD 1 // Head flit: carries the routing header, allocates an output
`define WC_FT_TAIL 2 // Tail flit: last flit of a worm, releases the output
`define WC_FT_SINGLE 3 // Head and tail in one flit (single-flit packet)

// Head flit data layout (bits of the data field)
`define WC_HEAD_DST_LSB 0
`define WC_HEAD_DST_W 12 // Destination node id (first destination of a multidestination worm)
`define WC_HEAD_KIND_LSB 12
`define WC_HEAD_KIND_W 2 // Worm kind: see KIND_*
`define WC_HEAD_NADDR_LSB 14
`define WC_HEAD_NADDR_W 4 // Address flits that follow the head (0 for unicast); reserved for multidestination worms
`define WC_HEAD_USER_LSB 18
`define WC_HEAD_USER_W 14 // Free for the NIC / traffic source; routers never read or change it
`define WC_KIND_UNICAST 0 // Unicast worm
`define WC_KIND_MULTI 1 // Multidestination worm (intermediate reception)
`define WC_MAX_NODES 4096 // Largest node count a head can address (2^HEAD_DST_W)

// Routing function selector (router parameter ROUTING)
`define WC_ROUTING_ECUBE 0 // e-cube on binary n-cubes
`define WC_ROUTING_XY 1 // XY dimension order on 2D meshes
`define WC_ROUTING_TABLE 2 // Table-driven (up*/down* tables computed in C)
`define WC_RT_DOWN_ONLY 1 // Route-table phase: worm arrived on a down link, only down links allowed
`define WC_RT_PORT_NONE 255 // Route-table entry meaning 'no route': the worm is dropped and counted

// Mesh router port numbering
`define WC_MESH_PORT_E 0 // +x neighbour
`define WC_MESH_PORT_W 1 // -x neighbour
`define WC_MESH_PORT_N 2 // +y neighbour
`define WC_MESH_PORT_S 3 // -y neighbour
`define WC_MESH_PORT_L 4 // local injection/ejection

`endif
